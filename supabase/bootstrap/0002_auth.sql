-- Bootstrap for PGlite and plain Postgres only: the parts of Supabase's `auth` schema that RLS
-- policies use. Definitions follow Supabase's: claims come from `request.jwt.claims` (json, set by
-- PostgREST or by lib/db `asUser`) with the legacy per-claim settings taking precedence.
-- nullif(..., '') matters: a transaction-local setting reads back as '' once the transaction that
-- set it is over, never as NULL.
create schema if not exists auth;

create table if not exists auth.users (
  id uuid primary key,
  is_anonymous boolean not null default true,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

-- auth.uid() and auth.role() look alike because Supabase defines each so: kept word for word.
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

grant usage on schema auth to anon, authenticated, service_role;
grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated, service_role;
revoke all on table auth.users from anon, authenticated;
