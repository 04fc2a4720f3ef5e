-- A step writes its change of the game's state instead of the whole state (lib/server/games/
-- state-patch.ts, stored-state.ts). Most steps add a chat line or a vote to a state of tens of
-- kilobytes, and rewriting all of it was the largest part of a step on PGlite (0.46 of ~1.4 ms of
-- its thread per action, docs/performance.md): the value carried into the database, lexed,
-- validated as json and written to TOAST again. `game_states.state` is now the state as of
-- `base_rev`, and each write after it until the next whole one is a row here, keyed by the `rev` it
-- made; the server reads the state as the full value with these patches applied in `rev` order.

alter table public.game_states add column base_rev bigint not null default 0;

-- Private like `game_states` (0007): RLS on with no policy, and no privilege for any API role, so no
-- player role can read a patch, not even after the end.
create table public.game_state_patches (
  game_id uuid not null references public.game_states (game_id) on delete cascade,
  rev bigint not null,
  patch json not null,
  primary key (game_id, rev)
);

alter table public.game_state_patches enable row level security;

revoke all on table public.game_state_patches from anon, authenticated;

-- 0037's function, with the state given either whole (`p_state`) or as the step's patch
-- (`p_patch`): a whole state drops the patches it supersedes. The old signature is dropped, not kept
-- as a wrapper: a server still running the code before this reads `state` without its patches, and
-- must not be able to write a step judged from it.
drop function app.save_step(uuid, text, jsonb, jsonb, jsonb, jsonb, boolean);

create function app.save_step(
  p_game uuid,
  p_state text,
  p_patch text,
  -- {phase, day, deadline (ms since the epoch, or null), ended, winner}; null when unchanged
  p_status jsonb,
  -- [{player, alive, role, teams}]; null when no seat changed
  p_seats jsonb,
  -- [{audience, type, day, payload}] in the step's order
  p_events jsonb,
  -- {userId, key, response}; null for a step no player's request caused
  p_request jsonb,
  p_ended_now boolean
) returns integer
language plpgsql volatile
set search_path = ''
as $$
declare
  v_rows jsonb;
  v_sent integer := 0;
  v_room uuid;
  v_rev bigint;
  v_ended boolean := coalesce((p_status->>'ended')::boolean, false);
begin
  if p_patch is null then
    update public.game_states set state = p_state::json, rev = rev + 1, base_rev = rev + 1, updated_at = now() where game_id = p_game;
    delete from public.game_state_patches where game_id = p_game;
  else
    -- The state column is left alone: its value (in TOAST) is kept as it is, not copied.
    update public.game_states set rev = rev + 1, updated_at = now() where game_id = p_game returning rev into v_rev;
    insert into public.game_state_patches (game_id, rev, patch) values (p_game, v_rev, p_patch::json);
  end if;
  if p_status is not null then
    update public.games
       set phase = p_status->>'phase', day = (p_status->>'day')::int,
           deadline = timestamptz 'epoch' + (p_status->>'deadline')::bigint * interval '1 millisecond',
           ended = v_ended, winner = p_status->>'winner', version = version + 1, phase_started_at = now(),
           ended_at = case when v_ended and ended_at is null then now() else ended_at end
     where id = p_game;
  end if;
  if p_request is not null then
    insert into public.action_requests (game_id, user_id, idempotency_key, response)
    values (p_game, (p_request->>'userId')::uuid, p_request->>'key', (p_request->>'response')::jsonb);
  end if;
  if p_seats is not null then
    update public.game_players p set alive = (s->>'alive')::boolean
      from jsonb_array_elements(p_seats) s
     where p.game_id = p_game and p.user_id = (s->>'player')::uuid and p.alive is distinct from (s->>'alive')::boolean;
    update public.game_roles r set role = s->>'role', teams = array(select jsonb_array_elements_text(s->'teams'))
      from jsonb_array_elements(p_seats) s
     where r.game_id = p_game and r.user_id = (s->>'player')::uuid
       and (r.role is distinct from s->>'role' or r.teams is distinct from array(select jsonb_array_elements_text(s->'teams')));
  end if;
  if jsonb_array_length(p_events) > 0 then
    -- audience_seq is numbered by the table's trigger, in the step's order (ordinality).
    with ins as (
      insert into public.game_events (game_id, audience, type, day, payload)
      select p_game, e->>'audience', e->>'type', (e->>'day')::int, e->'payload'
        from jsonb_array_elements(p_events) with ordinality as t(e, n) order by n
      returning id, audience, audience_seq, day, payload
    )
    select jsonb_agg(jsonb_build_object('id', id, 'a', audience, 's', audience_seq,
             'e', payload || jsonb_build_object('day', day)) order by id)
      into v_rows from ins;
    v_sent := app.deliver_events(p_game, v_rows);
  end if;
  if p_ended_now then
    -- S-END-1: the room now offers "play again".
    select g.room_id into v_room from public.games g where g.id = p_game;
    perform realtime.send(jsonb_build_object('kind', 'room'), 'room', app.signal_topic('room:' || v_room), true);
    v_sent := v_sent + 1;
  end if;
  return v_sent;
end
$$;
revoke all on function app.save_step(uuid, text, text, jsonb, jsonb, jsonb, jsonb, boolean) from public;
