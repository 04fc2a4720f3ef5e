// Deno test of the edge function: the real wiring (handlerFromEnv) behind a real HTTP server,
// advancing a real due game in a fresh database on TEST_DATABASE_URL (S-FLOW-5).
import assert from "node:assert/strict";
import { freshPostgres } from "../../../lib/db/testing.ts";
import { gameFacts, startEightPlayerGame, startWitchStep } from "../../../tests/realtime/started-game.ts";
import { handlerFromEnv } from "./from-env.ts";

const testUrl = Deno.env.get("TEST_DATABASE_URL");
const SECRET = "cron-secret-for-tests-0123456789abcdef";

type TestDb = Awaited<ReturnType<typeof freshPostgres>>;

/** A test on a fresh database of TEST_DATABASE_URL (ignored without one), closed at the end. */
function dbTest(name: string, body: (db: TestDb, env: Record<string, string>) => Promise<void>) {
  Deno.test({
    name,
    ignore: !testUrl,
    // postgres.js keeps idle timers for its pool; the database is closed at the end.
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const db = await freshPostgres(testUrl);
      try {
        const dbUrl = new URL(testUrl!);
        dbUrl.pathname = `/${db.database}`;
        await body(db, { SUPABASE_DB_URL: dbUrl.toString(), MASOI_CRON_SECRET: SECRET });
      } finally {
        await db.close();
      }
    },
  });
}

dbTest("S-FLOW-5: a cron call advances a due game once; advancing again is harmless", async (db, env) => {
  const game = await startEightPlayerGame(db);
  const before = await gameFacts(db, game.gameId);
  assert.ok(before.deadline !== null, "a started game has a deadline");

  let now = before.deadline! - 1_000;
  const handler = handlerFromEnv((name) => env[name], () => now);
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, handler);
  const url = `http://127.0.0.1:${server.addr.port}/`;
  const post = (token?: string) =>
    fetch(url, { method: "POST", headers: token ? { Authorization: `Bearer ${token}` } : {}, body: "{}" });
  try {
    const denied = await post("wrong-secret-wrong-secret-wrong-secret");
    assert.equal(denied.status, 401);
    assert.equal((await denied.json()).error.code, "UNAUTHENTICATED");
    assert.equal((await post()).status, 401);
    assert.equal((await fetch(url)).status, 405);

    const early = await post(SECRET);
    assert.equal(early.status, 200);
    assert.deepEqual(await early.json(), { ok: true, advanced: 0, botActions: 0 });
    assert.deepEqual(await gameFacts(db, game.gameId), before);

    now = before.deadline! + 1;
    const due = await post(SECRET);
    assert.deepEqual(await due.json(), { ok: true, advanced: 1, botActions: 0 });
    const after = await gameFacts(db, game.gameId);
    assert.notEqual(after.phase, before.phase);
    assert.ok(after.version > before.version);
    assert.ok(after.deadline! > before.deadline!);

    const again = await post(SECRET);
    assert.deepEqual(await again.json(), { ok: true, advanced: 0, botActions: 0 });
    assert.deepEqual(await gameFacts(db, game.gameId), after);
  } finally {
    await server.shutdown();
    await handler.close();
  }
});

dbTest("WH-R22: a cron call ends Catch the Witch's 15 s at its deadline, not before", async (db, env) => {
  const game = await startWitchStep(db);
  const before = await gameFacts(db, game.gameId);
  assert.equal(before.phase, "day.witch");
  let now = before.deadline! - 1;
  const handler = handlerFromEnv((name) => env[name], () => now);
  const run = () => handler(new Request("http://x/", { method: "POST", headers: { Authorization: `Bearer ${SECRET}` }, body: "{}" }));
  try {
    assert.deepEqual(await (await run()).json(), { ok: true, advanced: 0, botActions: 0 });
    now = before.deadline!;
    assert.deepEqual(await (await run()).json(), { ok: true, advanced: 1, botActions: 0 });
    assert.equal((await gameFacts(db, game.gameId)).phase, "evening");
  } finally {
    await handler.close();
  }
});

Deno.test("refuses to run without a configured secret", async () => {
  const handler = handlerFromEnv(() => undefined);
  const res = await handler(new Request("http://x/", { method: "POST", headers: { Authorization: "Bearer x" } }));
  assert.equal(res.status, 503);
  assert.equal((await res.json()).error.code, "NOT_CONFIGURED");
});
