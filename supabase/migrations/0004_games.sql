-- A game's public facts (phase, day, deadline, result). The engine's state is in game_states.
create table public.games (
  id uuid primary key default gen_random_uuid(),
  room_id uuid not null references public.rooms (id) on delete cascade,
  mode text not null,
  -- Public setup only (role counts, timings): never anything secret.
  config jsonb not null default '{}'::jsonb,
  phase text not null,
  day integer not null default 0,
  deadline timestamptz,
  ended boolean not null default false,
  winner text,
  version integer not null default 0,
  created_at timestamptz not null default now(),
  ended_at timestamptz
);

create index games_room_id_idx on public.games (room_id);
-- advanceDue(now): `where not ended and deadline <= now for update skip locked`.
create index games_due_idx on public.games (deadline) where not ended and deadline is not null;

alter table public.rooms
  add constraint rooms_game_id_fkey foreign key (game_id) references public.games (id) on delete set null;

alter table public.games enable row level security;

create policy "Members can read their room's games"
  on public.games for select to authenticated
  using (app.is_game_member(id));

revoke all on table public.games from anon, authenticated;
grant select on table public.games to authenticated;
