// Per-statement cost on the embedded database (docs/performance.md, "Load"): one action, one
// player's pushed read alone and eight of them sharing a transaction. `tsx scripts/load/micro-db.ts`
import { freshPglite } from "../../lib/db/testing";
import { createSharedReads } from "../../lib/db/shared-reads";
import { act } from "../../lib/server/games/act";
import { readRoomEvents, roomEventsStatement } from "../../lib/server/games/reads";
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
  const [room] = await db.tx((tx) => tx.query<{ room_id: string }>("select room_id from games where id = $1", [g.gameId]));
  const roles = await db.tx((tx) => tx.query<{ user_id: string; role: string }>("select user_id, role from game_roles where game_id = $1", [g.gameId]));
  const wolf = g.players.find((p) => roles.find((r) => r.user_id === p.sub)?.role === "wolf")!;
  const wolves = g.players.filter((p) => roles.find((r) => r.user_id === p.sub)?.role === "wolf");
  let k = 0;
  const t0 = Date.now();
  // Two wolves, four lines each within S-CHAT-5's 5-in-5-s: 8 accepted actions (3 warm-up).
  await time("act (wolf chat)", 5, (i) =>
    act(db, wolves[(i + 3) % 2], g.gameId, { action: { type: "chat", channel: "wolves", text: `x${k}` }, idempotencyKey: `k${k++}` }, t0 + (i + 3) * 100),
  );
  await time("asUser(select 1)", 200, () => db.asUser(wolf, (tx) => tx.query("select 1")));
  await time("readRoomEvents from start, own tx", 100, () => db.asUser(wolf, (tx) => readRoomEvents(tx, room.room_id, null)));
  const at = await db.asUser(wolf, (tx) => readRoomEvents(tx, room.room_id, null));
  const pos = { game: at.game!, cursor: at.cursor };
  await time("readRoomEvents nothing new, own tx", 200, () => db.asUser(wolf, (tx) => readRoomEvents(tx, room.room_id, pos)));
  const shared = createSharedReads(db);
  const read = roomEventsStatement(room.room_id, pos);
  await time("8 reads (nothing new), shared tx, per batch", 50, () =>
    Promise.all(g.players.map((p) => shared.query(p, read.text, read.params))),
  );
  await time("8 reads (nothing new), own tx each, per batch", 50, () =>
    Promise.all(g.players.map((p) => db.asUser(p, (tx) => readRoomEvents(tx, room.room_id, pos)))),
  );
  await db.close();
}

void main();
