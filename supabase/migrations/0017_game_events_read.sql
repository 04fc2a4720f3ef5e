-- The browser's read on every signal (`GET /api/games/:id/events?cursor=`, lib/server/games/reads.ts,
-- lib/client/view-sync.ts): a game row as the caller sees it and its events after the caller's
-- per-audience cursor, as a function so that its plan is kept — the same treatment, for the same
-- reason, as the stream's pushed read (0015_room_events_read.sql): a plain statement was parsed,
-- rewritten with the policies and planned again on every request.
--
-- SECURITY INVOKER, on purpose: the query runs as the caller (role `authenticated` with its own
-- `request.jwt.claims`), so the `games` and `game_events` policies decide exactly as for the plain
-- statement (design decision 3). `game` is false when the policy hides the game (404 upstream).
create or replace function app.game_events_after(
  p_game uuid,
  p_cursor jsonb,
  p_limit integer
) returns table (game boolean, audience text, audience_seq integer, day integer, payload jsonb)
language plpgsql stable security invoker
set search_path = ''
as $$
begin
  return query
  select g.id is not null, e.audience, e.audience_seq, e.day, e.payload
    from (select 1) as one
    left join public.games g on g.id = p_game
    left join lateral (
      select ev.id, ev.audience, ev.audience_seq, ev.day, ev.payload from public.game_events ev
       where ev.game_id = g.id and ev.audience_seq > coalesce((p_cursor ->> ev.audience)::int, 0)
       order by ev.id limit p_limit
    ) e on true
   order by e.id;
end
$$;
revoke all on function app.game_events_after(uuid, jsonb, integer) from public;
grant execute on function app.game_events_after(uuid, jsonb, integer) to authenticated;
