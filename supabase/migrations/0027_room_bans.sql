-- Players the host removed from a room (issue 22 item 5): a kick holds until the host lifts it.
-- The name and look are the removed player's own, kept so the host's "Removed players" list can
-- say whom "Allow back" lets in. Written only by the server as the owner.
create table public.room_bans (
  room_id uuid not null references public.rooms (id) on delete cascade,
  user_id uuid not null,
  display_name text not null check (char_length(display_name) between 1 and 64),
  appearance text not null default '',
  banned_at timestamptz not null default now(),
  primary key (room_id, user_id)
);

alter table public.room_bans enable row level security;

-- The list is the host's alone: other members do not learn who was removed.
create policy "The room's host can read who was removed from it"
  on public.room_bans for select to authenticated
  using (exists (select 1 from public.rooms r where r.id = room_id and r.host_id = (select auth.uid())));

-- The removed player reads only their own row, i.e. that they are removed from this room.
create policy "A removed player can read their own removal"
  on public.room_bans for select to authenticated
  using (user_id = (select auth.uid()));

revoke all on table public.room_bans from anon, authenticated;
grant select on table public.room_bans to authenticated;
