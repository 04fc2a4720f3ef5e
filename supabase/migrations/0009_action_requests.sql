-- Idempotency: the stored reply to an action, returned again when the same request is repeated
-- (same game, user, idempotency key) instead of acting twice.
create table public.action_requests (
  game_id uuid not null references public.games (id) on delete cascade,
  user_id uuid not null,
  idempotency_key text not null check (char_length(idempotency_key) between 1 and 128),
  -- Only what the caller was allowed to see when the action was accepted.
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (game_id, user_id, idempotency_key)
);

alter table public.action_requests enable row level security;

create policy "Players can read their own action replies"
  on public.action_requests for select to authenticated
  using (user_id = (select auth.uid()));

revoke all on table public.action_requests from anon, authenticated;
grant select on table public.action_requests to authenticated;
