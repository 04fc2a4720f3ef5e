// Our own pool over single-connection postgres.js instances ("lanes"), instead of postgres.js's
// pool: its `sql.begin()` can send BEGIN without reserving the connection when that query fills
// the connection's pipeline or socket buffer (postgres.js 3.4.9, porsager/postgres#823 and #1189),
// and the connection then goes back to the pool with the transaction open: other requests'
// statements ran inside it (postgres-transactions.test.ts). Here a transaction holds a lane no
// one else is given until it has committed or rolled back, and a script (one simple-protocol
// query, its own implicit transaction) goes to the least busy lane no transaction holds, where
// postgres.js pipelines it behind that lane's other scripts.
import type postgres from "postgres";

export interface Lane {
  sql: postgres.Sql;
  /** Scripts and transactions on it that have not finished. */
  inFlight: number;
  /** A transaction holds it: nothing else is sent on it. */
  held: boolean;
  /**
   * How many times its connection has closed. A transaction notes it at BEGIN: after a close,
   * postgres.js would run the transaction's next statement on a new session, outside it.
   */
  closes: number;
}

interface Waiter {
  exclusive: boolean;
  resolve: (lane: Lane) => void;
}

export interface Lanes {
  /** A lane for one script (shared) or one transaction (`exclusive`); give it back with `release`. */
  acquire(exclusive: boolean): Promise<Lane>;
  /** Gives back what `acquire(exclusive)` gave (a script may end on a lane a transaction now holds). */
  release(lane: Lane, exclusive: boolean): void;
  /** Every lane's instance, to end them. */
  all: readonly Lane[];
}

/** `connect(onClose)` makes a lane's instance; it calls `onClose` whenever its connection closes. */
export function createLanes(size: number, connect: (onClose: () => void) => postgres.Sql): Lanes {
  const all: Lane[] = Array.from({ length: Math.max(1, size) }, () => {
    const lane: Lane = { sql: undefined as unknown as postgres.Sql, inFlight: 0, held: false, closes: 0 };
    lane.sql = connect(() => lane.closes++);
    return lane;
  });
  const waiting: Waiter[] = [];

  const freest = (): Lane | undefined => {
    let best: Lane | undefined;
    for (const lane of all) if (!lane.held && (best === undefined || lane.inFlight < best.inFlight)) best = lane;
    return best;
  };
  const give = (lane: Lane, exclusive: boolean): Lane => {
    lane.inFlight++;
    if (exclusive) lane.held = true;
    return lane;
  };

  return {
    all,
    acquire(exclusive) {
      // First come, first served: nobody overtakes a request already waiting for a lane.
      const lane = waiting.length === 0 ? freest() : undefined;
      if (lane) return Promise.resolve(give(lane, exclusive));
      return new Promise((resolve) => waiting.push({ exclusive, resolve }));
    },
    release(lane, exclusive) {
      lane.inFlight--;
      if (exclusive) lane.held = false;
      while (waiting.length > 0) {
        const next = freest();
        if (!next) break;
        const w = waiting.shift()!;
        w.resolve(give(next, w.exclusive));
      }
    },
  };
}
