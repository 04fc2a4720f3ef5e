-- When the current step began: set whenever the game's public status (phase, day, deadline) changes
-- (lib/server/games/persist.ts). Public like the rest of the row — every member sees the phase
-- change itself. The Supabase Cron bot pass (lib/server/bots/due.ts) paces bots from it, since a
-- stateless pass cannot remember when it first saw a phase.
alter table public.games add column phase_started_at timestamptz not null default now();
