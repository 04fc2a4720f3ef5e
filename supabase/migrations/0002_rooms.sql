-- A room: the lobby a host opens and shares by code; it hosts one game at a time.
create table public.rooms (
  id uuid primary key default gen_random_uuid(),
  code text not null unique,
  host_id uuid not null,
  settings jsonb not null default '{}'::jsonb,
  status text not null default 'lobby' check (status in ('lobby', 'playing')),
  -- The current (or last) game; foreign key added by the games migration.
  game_id uuid,
  version integer not null default 0,
  created_at timestamptz not null default now()
);

alter table public.rooms enable row level security;

-- Finding a room by its code (to join it) is the server's job as the owner: the code is the
-- invitation, so the table itself never lists rooms to non-members.
create policy "Members can read their room"
  on public.rooms for select to authenticated
  using (app.is_room_member(id));

-- Supabase grants every table to anon/authenticated by default: take that back, then grant only
-- reads to authenticated. Writes are done by the server as the owner.
revoke all on table public.rooms from anon, authenticated;
grant select on table public.rooms to authenticated;
