-- How long an action's stored reply (0009) is kept. A reply answers a repeat of its request —
-- a retry seconds later — and, while its game runs, tells the bots which of their phase's actions
-- they took (lib/server/bots/due.ts); once the game has ended nobody needs it, yet it was kept for
-- ever, about half of what a finished game stores. It is now forgotten a day after its game ended:
-- a request repeated later is answered as a new one, `409 GAME_ENDED`, with no effect either way.

-- The games that ended before a moment, found without reading every game.
create index games_ended_at_idx on public.games (ended_at) where ended;

-- Deletes up to `p_limit` (null: every) stored reply of a game that ended more than a day ago, and
-- says how many. Run by the in-process scheduler's housekeeping (lib/server/housekeeping.ts) or,
-- on Supabase, by pg_cron (0101).
create function app.forget_action_requests(p_limit integer default null)
returns integer
language sql volatile security definer
set search_path = ''
as $$
  with gone as (
    delete from public.action_requests q
     where q.ctid = any (array(
       select a.ctid
         from public.games g
         join public.action_requests a on a.game_id = g.id
        where g.ended and g.ended_at < now() - interval '1 day'
        limit p_limit))
    returning 1)
  select count(*)::integer from gone
$$;

revoke all on function app.forget_action_requests(integer) from public;
