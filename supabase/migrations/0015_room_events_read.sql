-- The realtime stream's pushed read (lib/server/games/reads.ts, roomEventsStatement): a room's
-- current game and its events after a stream's position, as a function so that its plan is kept.
--
-- Every member of a room runs this read after every signal, each in a script of simple-protocol
-- statements (lib/db/shared-reads.ts), and a simple-protocol statement is parsed, rewritten with
-- the policies and planned again on every run: that was about half of each read's cost (8 reads:
-- 3.5–5 ms → 1.6–1.9 ms on Postgres 15, 5.5 → 2.5 ms on PGlite; docs/performance.md, "Load").
-- plpgsql prepares its query once per session and reuses the plan. A plan that depends on
-- row-level security is tied to the role it was made for and is re-planned for another one, and
-- the caller's identity (auth.uid()) is read when the policies run, not when they are planned.
--
-- SECURITY INVOKER, on purpose: the query runs as the caller (role `authenticated` with its own
-- `request.jwt.claims`), so the `rooms` and `game_events` policies decide exactly as for the plain
-- statement — this changes where the plan lives, not who may read what (design decision 3).
-- Called as the owner it would read everything, as any query by the owner does; the server calls
-- it only after `becomeUser`.
--
-- `id > p_after` is a bare comparison of bigints (leakproof), so the planner applies it through
-- the (game_id, id) index before the policy: a read touches the new rows only. Within one game ids
-- commit in order (every writer holds the game row lock), so nothing after the position is lost.
create or replace function app.room_events_after(
  p_room uuid,
  p_game uuid,
  p_cursor jsonb,
  p_after bigint,
  p_limit integer
) returns table (game text, id bigint, audience text, audience_seq integer, day integer, payload jsonb)
language plpgsql stable security invoker
set search_path = ''
as $$
begin
  return query
  select ro.game_id::text, e.id, e.audience, e.audience_seq, e.day, e.payload
    from (select 1) as one
    left join public.rooms ro on ro.id = p_room
    left join lateral (
      select ev.id, ev.audience, ev.audience_seq, ev.day, ev.payload from public.game_events ev
       where ev.game_id = ro.game_id
         and ev.id > case when ro.game_id = p_game then p_after else 0 end
         and ev.audience_seq > coalesce(((case when ro.game_id = p_game then p_cursor end) ->> ev.audience)::int, 0)
       order by ev.id limit p_limit
    ) e on true
   order by e.id;
end
$$;
revoke all on function app.room_events_after(uuid, uuid, jsonb, bigint, integer) from public;
grant execute on function app.room_events_after(uuid, uuid, jsonb, bigint, integer) to authenticated;
