-- Who is in a room (host included), with their lobby state.
create table public.room_members (
  room_id uuid not null references public.rooms (id) on delete cascade,
  user_id uuid not null,
  display_name text not null check (char_length(display_name) between 1 and 64),
  appearance text not null default '',
  ready boolean not null default false,
  is_bot boolean not null default false,
  joined_at timestamptz not null default now(),
  primary key (room_id, user_id)
);

create unique index room_members_display_name_key
  on public.room_members (room_id, lower(display_name));
-- Membership checks in every policy look up by user.
create index room_members_user_id_idx on public.room_members (user_id);

alter table public.room_members enable row level security;

create policy "Members can read their room's members"
  on public.room_members for select to authenticated
  using (app.is_room_member(room_id));

revoke all on table public.room_members from anon, authenticated;
grant select on table public.room_members to authenticated;
