-- Bootstrap for PGlite and plain Postgres only: the surface of Supabase Realtime that the
-- migrations use. Topic authorization is written once, as RLS policies on realtime.messages
-- (see migrations), exactly as for Supabase private channels.
create schema if not exists realtime;

create table if not exists realtime.messages (
  id uuid not null default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;

-- The topic being authorized. Supabase Realtime sets `realtime.topic` before it checks the
-- policies; the embedded SSE server does the same (or calls app.can_join_topic directly).
create or replace function realtime.topic() returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;

-- Embedded shim of Supabase's realtime.send: instead of storing a broadcast message it notifies
-- channel `realtime`, delivered after commit (and dropped on rollback, like the real one). The
-- Node process relays it as Server-Sent Events to subscribers authorized for `topic`.
-- NOTIFY payloads are limited to 8000 bytes: send signals, never data.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql volatile
as $$
begin
  perform pg_notify(
    'realtime',
    json_build_object('topic', topic, 'event', event, 'payload', payload, 'private', private)::text
  );
end
$$;

grant usage on schema realtime to anon, authenticated, service_role;
grant select, insert on table realtime.messages to anon, authenticated;
grant all on table realtime.messages to service_role;
grant execute on function realtime.topic() to anon, authenticated, service_role;
revoke execute on function realtime.send(jsonb, text, text, boolean) from public;
grant execute on function realtime.send(jsonb, text, text, boolean) to service_role;
