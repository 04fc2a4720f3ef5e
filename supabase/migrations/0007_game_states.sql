-- The engine's full state (every role, pending actions, RNG): read and written by the server
-- as the owner only. RLS on with no policy, and no privilege for any API role, so no player role
-- can read it, not even after the end.
create table public.game_states (
  game_id uuid primary key references public.games (id) on delete cascade,
  state jsonb not null,
  updated_at timestamptz not null default now()
);

alter table public.game_states enable row level security;

revoke all on table public.game_states from anon, authenticated;
