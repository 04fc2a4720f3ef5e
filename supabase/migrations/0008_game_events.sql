-- The game's event log. Every event has an audience (lib/game/core audienceKey): `public`, `end`,
-- `player:<uuid>`, `team:<name>`. RLS lets a caller read exactly what canSee allows, so roles,
-- wolf chat, seer results, potions and picks are private by the database.
create table public.game_events (
  -- Orders events within a game; never sent to clients (it would reveal hidden events' count).
  id bigint generated always as identity primary key,
  game_id uuid not null references public.games (id) on delete cascade,
  audience text not null
    check (audience in ('public', 'end')
      or audience ~ '^player:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      or audience ~ '^team:[A-Za-z0-9_-]+$'),
  -- 1, 2, 3, ... per (game_id, audience): a client's cursor is a map audience -> last seq.
  -- Filled by the trigger below when the insert leaves it null.
  audience_seq integer not null,
  type text not null,
  day integer not null default 0,
  payload jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  unique (game_id, audience, audience_seq)
);

-- Reading a game's events in order (server replay, after-the-end timeline). The per-audience
-- cursor read uses the unique (game_id, audience, audience_seq) index.
create index game_events_game_id_id_idx on public.game_events (game_id, id);

-- Next audience_seq for the event's audience. Race-free because writers hold the game row lock
-- (`select ... from games where id = $1 for update`); the unique constraint catches any mistake.
-- A row trigger sees rows inserted earlier by the same statement, so multi-row inserts number
-- their rows 1, 2, 3 in order.
create or replace function app.fill_audience_seq() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.audience_seq is null then
    select coalesce(max(e.audience_seq), 0) + 1 into new.audience_seq
    from public.game_events e
    where e.game_id = new.game_id and e.audience = new.audience;
  end if;
  return new;
end
$$;
revoke all on function app.fill_audience_seq() from public;

create trigger game_events_fill_audience_seq
  before insert on public.game_events
  for each row execute function app.fill_audience_seq();

-- SQL twin of canSee (lib/game/core/types.ts), as the set of (game, audience) pairs the caller
-- may read; audience '*' means every audience of that game:
--   game ended -> every member of the game (S-END-1);
--   public     -> members;
--   player:<u> -> that user (S-START-2, S-SEER-1, S-WITCH-2);
--   team:<t>   -> a living player whose teams contain t (S-WOLF-2, S-CHAT-3);
--   end        -> nobody until the end.
-- "Member" = member of the game's room, or a seated player (app.is_game_member).
-- As a set, the policy below evaluates it once per query (a hashed subplan) instead of once per
-- row: reading a thousand events costs one lookup of the caller's games, not a thousand.
create or replace function app.my_event_scopes()
returns table (game_id uuid, audience text)
language sql stable security definer
set search_path = ''
rows 20
as $$
  with me as (
    select auth.uid() as uid
  ), my_games as (
    select g.id, g.ended
    from me
    join public.room_members m on m.user_id = me.uid
    join public.games g on g.room_id = m.room_id
    union
    select g.id, g.ended
    from me
    join public.game_players p on p.user_id = me.uid
    join public.games g on g.id = p.game_id
  )
  select id, '*' from my_games where ended
  union all
  select id, 'public' from my_games where not ended
  union all
  select id, 'player:' || me.uid from my_games, me where not ended
  union all
  select g.id, 'team:' || t.team
  from my_games g
  join public.game_players p on p.game_id = g.id
  join public.game_roles r on r.game_id = p.game_id and r.user_id = p.user_id
  cross join lateral unnest(r.teams) as t(team)
  where not g.ended and p.alive and p.user_id = (select uid from me)
$$;
revoke all on function app.my_event_scopes() from public;
grant execute on function app.my_event_scopes() to authenticated;

-- One event's visibility, for code that asks about a single audience.
create or replace function app.can_read_event(game_id uuid, audience text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from app.my_event_scopes() s
    where s.game_id = $1 and s.audience in ($2, '*')
  )
$$;
revoke all on function app.can_read_event(uuid, text) from public;
grant execute on function app.can_read_event(uuid, text) to authenticated;

alter table public.game_events enable row level security;

create policy "Members can read the events the rules let them see"
  on public.game_events for select to authenticated
  using (
    (game_id, audience) in (select s.game_id, s.audience from app.my_event_scopes() s)
    or game_id in (select s.game_id from app.my_event_scopes() s where s.audience = '*')
  );

revoke all on table public.game_events from anon, authenticated;
grant select on table public.game_events to authenticated;
