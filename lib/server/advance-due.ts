// Advances every game whose deadline has passed (S-FLOW-5). Called by the in-process scheduler,
// the Supabase edge function (so: no next/*, no Node-only imports) and the tick endpoint.
// Optimistic, like an action (lib/server/games/act.ts): due games are read with their state's
// private `rev` in one statement (the state itself from the game cache at that `rev`, else read at
// it), caught up by the engine outside any transaction, and each written
// by one all-or-nothing script that first checks, under the game row lock, that nothing was saved
// since the read (`writeIfUnchanged`, 0018). A game someone else wrote in between — an action,
// another worker, the tick endpoint — is left as it is: that writer caught it up, or the next pass
// will (the scheduler comes back while a game stays due). Advancing twice is harmless because the
// engine returns the state unchanged when nothing is due.
import { inlineParams } from "../db/driver";
import type { Db } from "../db/types";
import { catchUp } from "./games/catch-up";
import { modeOf } from "./games/mode";
import { cachedGame } from "./games/game-cache";
import { rememberWrite } from "./games/remember-write";
import { seatsKey, stepWrites, writeIfUnchanged } from "./games/persist";
import { gameColumnsOf, type GameRow } from "./games/rows";
import { heldAt, STORED_STATE_COLUMNS, storedState, type StoredState, type StoredStateRow } from "./games/stored-state";

export interface AdvanceReport {
  /** Games whose state moved on. */
  advanced: string[];
}

/** Due games per read; a pass reads again while a read comes back full. */
const BATCH = 50;
/** Games a pass looks at, at most (the next pass takes the rest). */
const PASS_LIMIT = 500;
/**
 * Games written at once (different games: their writes never wait on each other). Written one by
 * one, each a round trip, a pass fell seconds behind at 300 busy rooms, and every action sent on a
 * step that should have ended was refused until it caught up (docs/performance.md, "Load").
 */
const PARALLEL = 8;

type DueRow = GameRow & Pick<StoredStateRow, "rev" | "since_base"> & { host_id: string | null };
/** A due game as `advanceGame` takes it: its row, host and stored state. */
type DueGame = GameRow & { host_id: string | null; stored: StoredState };

/**
 * Due games, earliest deadline first, with their state's `rev` and their host (one statement: one
 * snapshot). A script (simple protocol): one round trip, where a parameterized statement costs two
 * on Postgres (docs/performance.md, "Load"); every scheduler pass that finds a game due runs it.
 * The states come from the game cache when it holds them at that `rev` (the process that writes a
 * game's actions usually does), else from `STATES_AT`.
 */
const DUE = `select ${gameColumnsOf("g")}, s.rev, s.rev - s.base_rev as since_base, r.host_id
   from games g join game_states s on s.game_id = g.id left join rooms r on r.id = g.room_id
  where not g.ended and g.deadline <= timestamptz 'epoch' + $1::bigint * interval '1 millisecond'
    and ($2::uuid is null or g.id = $2::uuid)
    and not (g.id = any (array(select jsonb_array_elements_text($3::text::jsonb)::uuid)))
  order by g.deadline limit $4::int`;

/** Stored states of the games of a JSON object `{ id: rev }`, each only while still at that `rev`. */
const STATES_AT = `select s.game_id, ${STORED_STATE_COLUMNS}
   from jsonb_each_text($1::text::jsonb) k join game_states s on s.game_id = k.key::uuid and s.rev = k.value::bigint`;

/**
 * The due games with their stored states; a game written since `DUE` read it is left out (its
 * writer caught it up, or the scheduler's next pass will, as after a refused write).
 */
async function withStates(db: Db, rows: DueRow[]): Promise<DueGame[]> {
  const stored = new Map<string, StoredState>();
  const unknown: Record<string, number> = {};
  for (const row of rows) {
    const held = heldAt(row, cachedGame(db, row.id)?.stored);
    if (held) stored.set(row.id, held);
    else unknown[row.id] = Number(row.rev);
  }
  if (stored.size < rows.length) {
    const [states] = await db.exec(inlineParams(STATES_AT, [JSON.stringify(unknown)]));
    for (const state of states as unknown as (StoredStateRow & { game_id: string })[]) stored.set(state.game_id, storedState(state));
  }
  return rows.flatMap((row) => {
    const state = stored.get(row.id);
    return state ? [{ ...row, stored: state }] : [];
  });
}

/** Catches one read game up to `now` and writes it if nobody else did since; whether it moved on. */
export async function advanceGame(db: Db, now: number, game: DueGame): Promise<boolean> {
  const mode = modeOf(game.mode);
  const { stored } = game;
  const seatsBefore = seatsKey(mode, stored.state);
  const { state, events } = catchUp(mode, stored.state, now);
  if (state === stored.state && events.length === 0) return false;
  const written = await writeIfUnchanged(db, game.id, stored.rev, stepWrites(mode, game, state, events, { seatsBefore, stored }));
  // The next action is judged from what this wrote (one round trip) instead of reading it back.
  if (written) rememberWrite(db, game, stored, state, game.host_id);
  return written;
}

export async function advanceDue(db: Db, now: number = Date.now(), opts: { gameId?: string } = {}): Promise<AdvanceReport> {
  const advanced: string[] = [];
  const seen: string[] = [];
  while (seen.length < PASS_LIMIT) {
    const [due] = await db.exec(inlineParams(DUE, [Math.floor(now), opts.gameId ?? null, JSON.stringify(seen), BATCH]));
    const rows = due as unknown as DueRow[];
    for (const row of rows) seen.push(row.id);
    const games = await withStates(db, rows);
    for (let i = 0; i < games.length; i += PARALLEL) {
      const some = games.slice(i, i + PARALLEL);
      const moved = await Promise.all(some.map((game) => advanceGame(db, now, game)));
      some.forEach((game, j) => {
        if (moved[j]) advanced.push(game.id);
      });
    }
    if (due.length < BATCH) break;
  }
  return { advanced };
}
