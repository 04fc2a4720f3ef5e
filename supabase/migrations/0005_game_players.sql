-- Seats and who is alive: public to the game's members (S-DEATH-1 shows dead tiles, not roles).
create table public.game_players (
  game_id uuid not null references public.games (id) on delete cascade,
  user_id uuid not null,
  seat integer not null,
  alive boolean not null default true,
  primary key (game_id, user_id),
  unique (game_id, seat)
);

create index game_players_user_id_idx on public.game_players (user_id);

alter table public.game_players enable row level security;

create policy "Members can see who plays and who is alive"
  on public.game_players for select to authenticated
  using (app.is_game_member(game_id));

revoke all on table public.game_players from anon, authenticated;
grant select on table public.game_players to authenticated;
