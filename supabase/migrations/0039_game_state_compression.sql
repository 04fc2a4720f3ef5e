-- Every accepted action rewrites its game's whole state (chat included: several kilobytes to tens of
-- them), and a value over 2 KB is compressed on the way to TOAST. lz4 compresses several times faster
-- than the default pglz at a similar size, so the write costs the database less CPU. Where Postgres
-- was built without lz4 (the embedded PGlite), pglz stays.
do $$
begin
  alter table public.game_states alter column state set compression lz4;
exception when feature_not_supported then
  null;
end
$$;
