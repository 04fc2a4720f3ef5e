-- Secret roles and teams. `teams` drives team-audience events and team topics (living members
-- only). A player reads only their own row until the end (S-START-2, S-DEATH-1); everyone in
-- the room reads every row after it (S-END-1). Classic reveals of dead players' roles
-- (C-REVEAL-1) are public events, not reads of this table.
create table public.game_roles (
  game_id uuid not null,
  user_id uuid not null,
  role text not null,
  teams text[] not null default '{}',
  primary key (game_id, user_id),
  foreign key (game_id, user_id) references public.game_players (game_id, user_id) on delete cascade
);

alter table public.game_roles enable row level security;

create policy "Players can read their own role"
  on public.game_roles for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Members can read every role once the game has ended"
  on public.game_roles for select to authenticated
  using (app.game_ended(game_id) and app.is_game_member(game_id));

revoke all on table public.game_roles from anon, authenticated;
grant select on table public.game_roles to authenticated;
