-- Supabase only: its Data API (PostgREST, and GraphQL, which is served through it) exposes no
-- schema. Nothing of this app uses it: the Next.js server and the `advance` edge function connect
-- to Postgres directly, and Auth and Realtime are services of their own. Left on, it would serve
-- `public` to every signed-in player's token, and row policies cannot hide a column: a player
-- could read `game_events.id` of the rows they may see, one identity counter across every
-- audience, whose gaps count the events they may not see (how many wolves were dealt, whether the
-- Witch acted) — the global sequence number design §4 forbids exposing.
--
-- PostgREST reads its settings from its login role, `authenticator`, and these override the
-- dashboard's (Supabase's "Exposed schemas"); it exposes the one schema named, created empty here.
-- Elsewhere (PGlite, plain Postgres: no `authenticator` role, no PostgREST) this file does nothing.
do $migration$
begin
  if to_regrole('authenticator') is null then
    return;
  end if;
  create schema if not exists no_data_api;
  comment on schema no_data_api is 'Empty on purpose: the only schema PostgREST serves (migration 0022_data_api_off).';
  alter role authenticator set pgrst.db_schemas = 'no_data_api';
  -- Delivered at commit: a running PostgREST reloads its settings and schema cache.
  perform pg_notify('pgrst', 'reload config');
  perform pg_notify('pgrst', 'reload schema');
end
$migration$;
