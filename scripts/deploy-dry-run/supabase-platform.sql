-- What a new Supabase project already has before `supabase db push`, as far as the migrations use
-- it. Applied by a superuser into a fresh database of a private cluster (roles are cluster-wide, so
-- never on a shared server). Knowingly simpler than Supabase: auth.* and realtime.* are the
-- project's own models of them (supabase/bootstrap), vault stores secrets unencrypted, and there is
-- no pg_cron/pg_net (not installable here), so 0100_supabase_cron takes its no-op branch.

-- Supabase's roles. `supabase_admin` owns the platform; `authenticator` is PostgREST's login role.
do $$
declare
  r text;
begin
  foreach r in array array['supabase_admin', 'authenticator', 'anon', 'authenticated', 'service_role'] loop
    if to_regrole(r) is null then
      execute format('create role %I nologin noinherit', r);
    end if;
  end loop;
end
$$;
alter role supabase_admin superuser;
alter role service_role bypassrls;
grant anon, authenticated, service_role to authenticator;

-- Migrations run as the project's `postgres`, which on Supabase is NOT a superuser: it can create
-- roles and databases, bypass RLS, and act as the API roles. Here that is `deploy_owner`.
-- The database itself is created owned by it (deploy-dry-run.ts), so it owns `public` as well.
grant anon, authenticated, service_role to deploy_owner with admin option;
grant authenticator to deploy_owner;

-- Supabase grants every new table and function in `public` to the API roles by default; the
-- migrations take that back table by table, and the dry run checks they did.
alter default privileges for role deploy_owner in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role deploy_owner in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role deploy_owner in schema public grant execute on functions to anon, authenticated, service_role;

create publication supabase_realtime;

-- Supabase Vault, as 0100_supabase_cron reads it (encryption left out).
create schema vault;
create table vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text unique,
  secret text not null,
  created_at timestamptz not null default now()
);
create view vault.decrypted_secrets as select id, name, secret, secret as decrypted_secret, created_at from vault.secrets;
create function vault.create_secret(new_secret text, new_name text default null) returns uuid
language sql as $$ insert into vault.secrets (name, secret) values (new_name, new_secret) returning id $$;
grant usage on schema vault to deploy_owner;
grant select on vault.decrypted_secrets to deploy_owner;
grant execute on function vault.create_secret(text, text) to deploy_owner;

-- Where `supabase db push` records what it applied.
create schema supabase_migrations authorization deploy_owner;
