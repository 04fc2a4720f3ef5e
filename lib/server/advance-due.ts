// Advances every game whose deadline has passed (S-FLOW-5). Called by the in-process scheduler,
// the Supabase edge function (so: no next/*, no Node-only imports) and the tick endpoint.
// Each game is its own transaction holding the game row lock (`skip locked`: a game another
// worker or an action is busy with is left to them), and advancing twice is harmless because the
// engine returns the state unchanged when nothing is due.
import { inlineParams } from "../db/driver";
import type { Db, Tx } from "../db/types";
import { catchUp } from "./games/catch-up";
import { modeOf } from "./games/mode";
import { saveStep, seatsKey } from "./games/persist";
import { gameColumns, loadState, type GameRow } from "./games/rows";

export interface AdvanceReport {
  /** Games whose state moved on. */
  advanced: string[];
}

const BATCH_LIMIT = 500;

/** Advances one locked game if due; returns whether anything changed. */
async function advanceOne(db: Db, now: number, pick: (tx: Tx) => Promise<GameRow | undefined>) {
  return db.tx(async (tx) => {
    const game = await pick(tx);
    if (!game) return { game: undefined, changed: false };
    const mode = modeOf(game.mode);
    const before = await loadState(tx, game.id);
    const seatsBefore = seatsKey(mode, before);
    const { state, events } = catchUp(mode, before, now);
    if (state === before && events.length === 0) return { game, changed: false };
    await saveStep(tx, mode, game, state, events, { seatsBefore });
    return { game, changed: true };
  });
}

export async function advanceDue(db: Db, now: number = Date.now(), opts: { gameId?: string } = {}): Promise<AdvanceReport> {
  const advanced: string[] = [];
  const seen: string[] = [];
  for (let i = 0; i < BATCH_LIMIT; i++) {
    const { game, changed } = await advanceOne(db, now, async (tx) => {
      // A script (simple protocol): one round trip, where a parameterized statement costs two on
      // Postgres (docs/performance.md, "Load"); every scheduler pass runs it.
      const [[g]] = await tx.exec(
        inlineParams(
          `select ${gameColumns} from games
           where not ended and deadline <= timestamptz 'epoch' + $1::bigint * interval '1 millisecond'
             and ($2::uuid is null or id = $2::uuid)
             and not (id = any (array(select jsonb_array_elements_text($3::text::jsonb)::uuid)))
           order by deadline limit 1 for update skip locked`,
          [Math.floor(now), opts.gameId ?? null, JSON.stringify(seen)],
        ),
      );
      return g as unknown as GameRow | undefined;
    });
    if (!game) break;
    seen.push(game.id);
    if (changed) advanced.push(game.id);
  }
  return { advanced };
}
