// Advances every game whose deadline has passed (S-FLOW-5). Called by the in-process scheduler,
// the Supabase edge function (so: no next/*, no Node-only imports) and the tick endpoint.
// Optimistic, like an action (lib/server/games/act.ts): due games are read with their state and its
// private `rev` in one statement, caught up by the engine outside any transaction, and each written
// by one all-or-nothing script that first checks, under the game row lock, that nothing was saved
// since the read (`writeIfUnchanged`, 0018). A game someone else wrote in between — an action,
// another worker, the tick endpoint — is left as it is: that writer caught it up, or the next pass
// will (the scheduler comes back while a game stays due). Advancing twice is harmless because the
// engine returns the state unchanged when nothing is due.
import { inlineParams } from "../db/driver";
import type { Db } from "../db/types";
import { catchUp } from "./games/catch-up";
import { modeOf } from "./games/mode";
import { rememberWrite } from "./games/remember-write";
import { seatsKey, stepWrites, writeIfUnchanged } from "./games/persist";
import { gameColumnsOf, type GameRow } from "./games/rows";
import { STORED_STATE_COLUMNS, storedState, type StoredState, type StoredStateRow } from "./games/stored-state";

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

type DueRow = GameRow & StoredStateRow & { host_id: string | null };
/** A due game as `advanceGame` takes it: its row, host and stored state. */
type DueGame = GameRow & { host_id: string | null; stored: StoredState };

/**
 * Due games, earliest deadline first, with their state, `rev` and host (one statement: one snapshot).
 * A script (simple protocol): one round trip, where a parameterized statement costs two on
 * Postgres (docs/performance.md, "Load"); every scheduler pass that finds a game due runs it.
 */
const DUE = `select ${gameColumnsOf("g")}, ${STORED_STATE_COLUMNS}, r.host_id
   from games g join game_states s on s.game_id = g.id left join rooms r on r.id = g.room_id
  where not g.ended and g.deadline <= timestamptz 'epoch' + $1::bigint * interval '1 millisecond'
    and ($2::uuid is null or g.id = $2::uuid)
    and not (g.id = any (array(select jsonb_array_elements_text($3::text::jsonb)::uuid)))
  order by g.deadline limit $4::int`;

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
    for (let i = 0; i < rows.length; i += PARALLEL) {
      const some = rows.slice(i, i + PARALLEL);
      const moved = await Promise.all(some.map((row) => advanceGame(db, now, { ...row, stored: storedState(row) })));
      some.forEach((row, j) => {
        seen.push(row.id);
        if (moved[j]) advanced.push(row.id);
      });
    }
    if (due.length < BATCH) break;
  }
  return { advanced };
}
