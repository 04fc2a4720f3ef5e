// Fault: the real PostgreSQL restarts under load. While it is down every request fails cleanly
// (503 DB_UNAVAILABLE, never a 500, never a partial write); once it is back the server serves
// again by itself, and a request that got 503 can be retried with its idempotency key for exactly
// one effect. Uses a private cluster, never the shared one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "./support/build";
import { startApp, type AppServer } from "./support/server";
import { act, eventsSince, freshKey, startGame, type Game, type Reply } from "./support/client";
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from "./support/private-postgres";

const unavailable = privatePostgresUnavailable();
// A player accepts a couple of seconds of "try again"; the pool retries a refused connect within a
// second (lib/db/postgres.ts, reconnectDelayS), so the first read after the restart should land well
// within this. (Before that backoff it took 7–14 s.)
const RECOVERY_BOUND_MS = 4_000;
let pg: PrivatePostgres;
let server: AppServer;
let game: Game;

describe.skipIf(unavailable !== null)(`real Postgres restarted under load${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
  beforeAll(async () => {
    await ensureBuild();
    pg = await startPrivatePostgres();
    // Time scale 2: night.main lasts 60 s, the whole test happens inside it.
    server = await startApp({ timeScale: 2, env: { DATABASE_URL: pg.url, MASOI_SCHEDULER: "1" } });
    game = await startGame(server.url, "PG", 8);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    pg?.destroy();
  });

  it("S-FLOW-5: 503 DB_UNAVAILABLE while down, recovers by itself, retried writes land exactly once", async () => {
    const wolves = game.byRole("wolf");
    const replies: { what: string; reply: Reply; key?: string; text?: string; by?: number }[] = [];
    let running = true;
    const loop = async (n: number) => {
      while (running) {
        const p = game.players[n % game.players.length];
        if (n < 2) {
          // Writers: wolf chat lines, each with its own key and text.
          const key = freshKey("pg");
          const text = `line ${key}`;
          const reply = await act(wolves[n], game.gameId, { type: "chat", channel: "wolves", text }, key).catch((e) => ({ status: 599, body: String(e), headers: new Headers() }));
          replies.push({ what: "chat", reply, key, text, by: n });
          await new Promise((r) => setTimeout(r, 1100)); // under the 5-in-5-s chat rule
        } else {
          const path = [`/api/games/${game.gameId}`, `/api/games/${game.gameId}/events`, `/api/rooms/${game.code}`][n % 3];
          const reply = await p.get(path).catch((e) => ({ status: 599, body: String(e), headers: new Headers() }));
          replies.push({ what: `GET ${path}`, reply });
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };
    const workers = Array.from({ length: 6 }, (_, n) => loop(n));

    await new Promise((r) => setTimeout(r, 2000));
    pg.stop();
    await new Promise((r) => setTimeout(r, 3000));
    pg.start();
    const backAt = Date.now();
    // Recovered by itself: reads succeed again without touching the app server.
    let recovered = false;
    let recoveredAfterMs = Infinity;
    while (Date.now() - backAt < 45_000) {
      const t = Date.now();
      const r = await game.host.get(`/api/games/${game.gameId}`);
      if (r.status !== 200 || Date.now() - t > 2000) console.log(`[faults] poll +${t - backAt} ms: ${r.status} after ${Date.now() - t} ms`);
      if (r.status === 200) {
        recovered = true;
        recoveredAfterMs = Date.now() - backAt;
        break;
      }
      await new Promise((res) => setTimeout(res, 200));
    }
    await new Promise((r) => setTimeout(r, 2000));
    running = false;
    await Promise.all(workers);
    console.log(`[faults] postgres restart: first 200 ${recoveredAfterMs} ms after the restart; ${replies.length} requests, statuses ${JSON.stringify(replies.reduce<Record<number, number>>((m, x) => ((m[x.reply.status] = (m[x.reply.status] ?? 0) + 1), m), {}))}`);

    expect(recovered).toBe(true);
    expect(recoveredAfterMs).toBeLessThan(RECOVERY_BOUND_MS);
    for (const { what, reply } of replies) {
      if (reply.status === 200) continue;
      expect({ what, status: reply.status, code: reply.body?.error?.code }).toEqual({ what, status: 503, code: "DB_UNAVAILABLE" });
    }
    expect(replies.filter((x) => x.reply.status === 503).length).toBeGreaterThan(0);
    expect(replies.filter((x) => x.reply.status === 200).length).toBeGreaterThan(0);

    // Accepted lines are all there; a 503'd line retried with its key lands exactly once.
    for (const x of replies.filter((y) => y.what === "chat" && y.reply.status === 503)) {
      const retry = await act(wolves[x.by!], game.gameId, { type: "chat", channel: "wolves", text: x.text }, x.key);
      expect(retry.status).toBe(200);
      await new Promise((r) => setTimeout(r, 1100));
    }
    const lines = (await eventsSince(wolves[0], game.gameId)).events.filter((e) => e.type === "chat").map((e) => e.text);
    for (const x of replies.filter((y) => y.what === "chat")) expect(lines.filter((t) => t === x.text)).toHaveLength(1);
  }, 150_000);
});
