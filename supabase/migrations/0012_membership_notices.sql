-- "Who may join which topic of this room may have changed": a server-internal notice that lets
-- the embedded SSE hub cache each connection's topic authorization (app.can_join_topic) and
-- re-check it only when one of its inputs changes, instead of once per signal per connection
-- (docs/realtime.md, "Membership changes"; docs/performance.md, "Load").
--
-- The inputs of app.can_join_topic are exactly: room_members (room topic, team topics),
-- rooms.game_id (which game's teams count), game_players (seated, alive) and game_roles.teams.
-- A trigger on each makes the notice impossible to forget: every write that can change an
-- authorization notifies, whoever writes it.
--
-- Ordering: NOTIFY events of one transaction are delivered after commit, in the order they were
-- raised, and transactions' notifications in commit order. The services write seats and members
-- before they call realtime.send, so a connection sees "membership changed" before any signal of
-- the same transaction and re-checks before judging that signal.
--
-- Secrecy: the notice goes to channel `realtime` as `{"membership": "<room uuid>"}`, which has no
-- `topic` and is therefore never forwarded to a browser (lib/realtime/signal.ts); only the Node
-- process reads it. On Supabase nobody LISTENs and it costs a queue entry. Identical notices in
-- one transaction are folded into one by Postgres.

create or replace function app.notify_membership_changed(p_room_id uuid) returns void
language sql volatile
set search_path = ''
as $$
  select pg_notify('realtime', json_build_object('membership', p_room_id)::text)
  where p_room_id is not null
$$;
revoke all on function app.notify_membership_changed(uuid) from public;

create or replace function app.room_members_changed() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform app.notify_membership_changed(case when tg_op = 'DELETE' then old.room_id else new.room_id end);
  if tg_op = 'UPDATE' and old.room_id is distinct from new.room_id then
    perform app.notify_membership_changed(old.room_id);
  end if;
  return null;
end
$$;
revoke all on function app.room_members_changed() from public;

create trigger room_members_membership_notice
  after insert or delete or update of room_id, user_id on public.room_members
  for each row execute function app.room_members_changed();

create or replace function app.room_game_changed() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform app.notify_membership_changed(new.id);
  return null;
end
$$;
revoke all on function app.room_game_changed() from public;

create trigger rooms_membership_notice
  after update of game_id on public.rooms
  for each row when (old.game_id is distinct from new.game_id)
  execute function app.room_game_changed();

-- game_players / game_roles rows name a game; the notice names its room.
create or replace function app.game_seat_changed() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  game uuid := case when tg_op = 'DELETE' then old.game_id else new.game_id end;
begin
  perform app.notify_membership_changed((select g.room_id from public.games g where g.id = game));
  return null;
end
$$;
revoke all on function app.game_seat_changed() from public;

create trigger game_players_membership_notice_ins_del
  after insert or delete on public.game_players
  for each row execute function app.game_seat_changed();

create trigger game_players_membership_notice_upd
  after update on public.game_players
  for each row when (old.alive is distinct from new.alive or old.user_id is distinct from new.user_id
                     or old.game_id is distinct from new.game_id)
  execute function app.game_seat_changed();

create trigger game_roles_membership_notice_ins_del
  after insert or delete on public.game_roles
  for each row execute function app.game_seat_changed();

create trigger game_roles_membership_notice_upd
  after update on public.game_roles
  for each row when (old.teams is distinct from new.teams or old.user_id is distinct from new.user_id
                     or old.game_id is distinct from new.game_id)
  execute function app.game_seat_changed();
