-- The `game_events` policy asks for the caller's scopes once per query instead of twice.
--
-- 0008's policy is two hashed subplans over `app.my_event_scopes()`: one for the (game, audience)
-- pairs, one for the games whose every audience the caller may read ('*', an ended game). Each
-- subplan calls the function: a security-definer plpgsql function with its own search_path, whose
-- call costs more than the read it guards. On Postgres 15 the scopes were about half of a member's
-- pushed read (0.136 ms of the database's own time per read; the scopes alone 0.046 ms per call).
--
-- Here one uncorrelated scalar subquery (an InitPlan: evaluated once per query, like a hashed
-- subplan) collects the scopes as 'game audience' keys, and a row is readable when its own key or
-- its game's '*' key is among them. Same rows, same rule (the SQL twin of canSee, 0008): a key is
-- the game id's canonical text, one space, then the audience, and neither a uuid nor '*' contains
-- a space, so no two pairs share a key. The array test is a scan of the keys, which are a handful
-- when the read names its game (0020) and one per game of the caller's history when it does not.
drop policy "Members can read the events the rules let them see" on public.game_events;

create policy "Members can read the events the rules let them see"
  on public.game_events for select to authenticated
  using (
    array[game_id::text || ' ' || audience, game_id::text || ' *']
      && (select coalesce(array_agg(s.game_id::text || ' ' || s.audience), '{}'::text[]) from app.my_event_scopes() s)
  );
