-- A game keeps the names, looks and bot flags its players had when it began (issue 22 item 9): its
-- results page (`/g/<gameId>`) is read long after, when a player may have left the room, a bot may
-- have been removed, or a member renamed in the lobby — the room's member rows no longer tell who
-- played. These are public facts of the game, read under the table's existing policy ("Members can
-- see who plays and who is alive"); the server writes them with the seats at the start.
alter table public.game_players
  add column display_name text,
  add column appearance text,
  add column is_bot boolean not null default false;

-- Games begun before this migration: the names their players have in the room today, where they
-- still have one (a member who already left stays without a name: nothing else remembers it).
update public.game_players p
   set display_name = m.display_name, appearance = m.appearance, is_bot = m.is_bot
  from public.games g
  join public.room_members m on m.room_id = g.room_id
 where g.id = p.game_id and m.user_id = p.user_id;
