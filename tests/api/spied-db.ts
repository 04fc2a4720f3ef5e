// A database that counts what a game write did — scripts outside a transaction, transactions — and
// can make another writer land just before an optimistic write (tests of act.ts and advance-due.ts).
import type { Db, Row } from "@/lib/db/types";

/** What the code under test did to the database: scripts outside a transaction, and transactions. */
interface Spy {
  db: Db;
  scripts: string[];
  /** What each script of `scripts` answered (its result sets), in the same order. */
  answers: Row[][][];
  txs: number;
}

/**
 * `db`, counting, where the first `collisions` optimistic writes (or other scripts containing
 * `before`) find that another writer saved the game just before them (the stand-in writer bumps the
 * state's rev, as every save does).
 */
export function spied(db: Db, gameId: string, collisions: number, before = "app.expect_game_rev"): Spy {
  const spy: Spy = { db, scripts: [], answers: [], txs: 0 };
  spy.db = {
    ...db,
    kind: db.kind,
    exec: async (script: string): Promise<Row[][]> => {
      spy.scripts.push(script);
      if (script.includes(before) && collisions > 0) {
        collisions--;
        await db.exec(`update game_states set rev = rev + 1 where game_id = '${gameId}'`);
      }
      const answer = await db.exec(script);
      spy.answers.push(answer);
      return answer;
    },
    tx: (fn) => {
      spy.txs++;
      return db.tx(fn);
    },
  };
  return spy;
}

export const revOf = async (db: Db, gameId: string) =>
  Number((await db.exec(`select rev from game_states where game_id = '${gameId}'`))[0][0].rev);
