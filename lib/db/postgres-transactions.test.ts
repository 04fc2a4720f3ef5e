// postgres.js 3.4.9 can send a `sql.begin()`'s BEGIN without reserving its connection (when the
// write fills the socket's buffer or the connection's pipeline: porsager/postgres#823, #1189):
// the transaction is then refused with UNSAFE_TRANSACTION, stays open on the server, and the
// connection goes back to the pool, where other requests' statements run inside it. Our driver
// runs transactions on connections nobody else uses (postgres.ts); this is the published repro.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./types";
import { createPostgresDb } from "./postgres";
import { freshPostgres } from "./testing";
import { isDbUnavailable } from "../server/db-errors";

const url = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));

describe.skipIf(!url)("Postgres transactions under a busy pool", () => {
  let scratch: Awaited<ReturnType<typeof freshPostgres>>;
  let db: Db & { close(): Promise<void> };
  beforeAll(async () => {
    scratch = await freshPostgres(url!);
    const u = new URL(url!);
    u.pathname = `/${scratch.database}`;
    // A short pipeline makes the boundary easy to reach; large scripts reach it by filling the buffer.
    db = createPostgresDb(u.toString(), { max: 3, maxPipeline: 2 });
  });
  afterAll(async () => {
    await db?.close();
    await scratch?.close();
  });

  it("runs every transaction on its own connection, and nothing else inside it", async () => {
    const big = "x".repeat(256 * 1024);
    const failures: unknown[] = [];
    const txIds = new Set<string>();
    const plainIds: string[] = [];
    for (let round = 0; round < 10; round++) {
      // Every connection busy, then one plain query pipelined on each, then the transactions: each
      // BEGIN is the query that fills a connection's pipeline (postgres.js sends a query a tick late).
      const busy = Array.from({ length: 3 }, () => db.exec("select pg_sleep(0.2)"));
      await sleep(20);
      const plain = Array.from({ length: 3 }, (_, i) =>
        db.exec(`select txid_current()::text as x, length('${i % 2 ? big : "small"}') as n`).then(([[r]]) => void plainIds.push(String(r.x))),
      );
      await sleep(20);
      const txs = Array.from({ length: 5 }, () =>
        db.tx(async (t) => {
          const [a] = await t.query<{ x: string }>("select txid_current()::text as x");
          await sleep(5);
          const [b] = await t.query<{ x: string }>(`select txid_current()::text as x, length('${big}') as n`);
          expect(b.x).toBe(a.x);
          txIds.add(a.x);
        }),
      );
      const after = Array.from({ length: 3 }, () => db.exec("select txid_current()::text as x").then(([[r]]) => void plainIds.push(String(r.x))));
      for (const r of await Promise.allSettled([...busy, ...plain, ...txs, ...after])) if (r.status === "rejected") failures.push(String(r.reason));
    }
    expect(failures).toEqual([]);
    expect(txIds.size).toBe(50);
    expect(plainIds.filter((x) => txIds.has(x))).toEqual([]);
    // No session is left inside a transaction.
    const [[open]] = await db.exec(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'",
    );
    expect(open.n).toBe(0);
  });

  it("refuses the rest of a transaction whose connection was lost, so nothing of it commits", async () => {
    await db.exec("create table lost_tx (x int)");
    const attempt = db.tx(async (t) => {
      await t.query("insert into lost_tx values (1)");
      const [{ pid }] = await t.query<{ pid: number }>("select pg_backend_pid() as pid");
      // The server ends the session between two statements (a restart, a network cut).
      await scratch.exec(`select pg_terminate_backend(${pid})`);
      await sleep(100);
      await t.query("insert into lost_tx values (2)");
    });
    // The edge answers it as 503 DB_UNAVAILABLE, as any lost connection (db-errors.ts).
    const error = await attempt.then(() => null, (e: unknown) => e);
    expect(isDbUnavailable(error)).toBe(true);
    expect(await db.exec("select count(*)::int as n from lost_tx")).toEqual([[{ n: 0 }]]);
  });
});
