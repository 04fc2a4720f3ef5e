-- "A game's deadline may have changed": a server-internal notice on channel `games_changed` for the
-- embedded scheduler (lib/server/scheduler.ts), which keeps one timer for the earliest deadline and
-- reads it again when that may have moved. Until now it read it again on every `realtime` signal —
-- every chat line and vote too: under load a pass (at least one query) every 25 ms for nothing.
--
-- A deadline lives only in `games`: a game starts (insert), its public status changes (persist.ts
-- updates the row only then), it ends. Triggers on those writes make the notice
-- impossible to forget, whoever writes. The payload is empty — listeners re-read the table, which
-- no player role can read directly — and identical notices of one transaction are folded into one
-- by Postgres. On Supabase nobody LISTENs (Cron drives the edge function) and it costs a queue entry.

create or replace function app.games_changed() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_notify('games_changed', '');
  return null;
end
$$;
revoke all on function app.games_changed() from public;

-- Row triggers: a statement trigger would fire for every action, since persist.ts's status update
-- runs (and matches no row) on every step.
create trigger games_added_or_removed_notice
  after insert or delete on public.games
  for each row execute function app.games_changed();

create trigger games_deadline_changed_notice
  after update of deadline, ended on public.games
  for each row when (old.deadline is distinct from new.deadline or old.ended is distinct from new.ended)
  execute function app.games_changed();
