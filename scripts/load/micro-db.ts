// Per-statement cost on the embedded database (docs/performance.md, "Load"): one action (its writes
// now include the step's deliveries, migration 0036), and the reads a client still makes — the
// events after its cursor (a gap) and its whole view (a first load). `tsx scripts/load/micro-db.ts`
import { freshPglite } from "../../lib/db/testing";
import { act } from "../../lib/server/games/act";
import { getEvents, getView } from "../../lib/server/games/reads";
import { startEightPlayerGame } from "../../tests/realtime/started-game";

async function time(label: string, n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn(-1 - i);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await fn(i);
  console.log(`${label}: ${((performance.now() - t0) / n).toFixed(2)} ms`);
}

async function main() {
  const db = await freshPglite();
  const g = await startEightPlayerGame(db);
  const roles = await db.tx((tx) => tx.query<{ user_id: string; role: string }>("select user_id, role from game_roles where game_id = $1", [g.gameId]));
  const wolves = g.players.filter((p) => roles.find((r) => r.user_id === p.sub)?.role === "wolf");
  const wolf = wolves[0];
  let k = 0;
  const t0 = Date.now();
  // Two wolves, four lines each within S-CHAT-5's 5-in-5-s: 8 accepted actions (3 warm-up).
  await time("act (wolf chat, delivered to each living wolf)", 5, (i) =>
    act(db, wolves[(i + 3) % 2], g.gameId, { action: { type: "chat", channel: "wolves", text: `x${k}` }, idempotencyKey: `k${k++}` }, t0 + (i + 3) * 100),
  );
  await time("asUser(select 1)", 200, () => db.asUser(wolf, (tx) => tx.query("select 1")));
  await time("getEvents from start", 100, () => getEvents(db, wolf, g.gameId, null));
  const at = await getEvents(db, wolf, g.gameId, null);
  await time("getEvents nothing new (a gap read)", 200, () => getEvents(db, wolf, g.gameId, at.cursor));
  await time("getView", 100, () => getView(db, wolf, g.gameId));
  const cursors = await Promise.all(g.players.map(async (p) => (await getEvents(db, p, g.gameId, null)).cursor));
  await time("8 gap reads (nothing new), own tx each, per batch", 50, () => Promise.all(g.players.map((p, i) => getEvents(db, p, g.gameId, cursors[i]))));
  await db.close();
}

void main();
