-- The engine's state as `json` (its text, validated) instead of `jsonb` (a parsed binary tree).
-- The server is the only reader and writer and always handles the whole document: every action
-- reads it (lock + context) and writes it back (save), 3–20 KB of JSON text. As jsonb each write
-- parsed and re-encoded it and each read serialised it back to text — ≈ 0.35 ms of database CPU
-- per action for a 19 KB state on Postgres 15, ~10% of an action's database time
-- (docs/performance.md, "Load"). No query looks inside it, so jsonb's operators and indexes buy
-- nothing here. Still private: RLS on, no policy, no privilege for any API role (0007).
alter table public.game_states alter column state type json using state::json;
