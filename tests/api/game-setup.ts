// Builds a started 8-player standard game through the real endpoints, for the game suites.
import { expect } from "vitest";
import type { Db } from "@/lib/db/types";
import { POST as createRoute } from "@/app/api/rooms/route";
import { POST as joinRoute } from "@/app/api/rooms/[code]/join/route";
import { POST as readyRoute } from "@/app/api/rooms/[code]/ready/route";
import { POST as startRoute } from "@/app/api/rooms/[code]/start/route";
import { GET as gameRoute } from "@/app/api/games/[id]/route";
import { GET as meRoute } from "@/app/api/games/[id]/me/route";
import { POST as actionsRoute } from "@/app/api/games/[id]/actions/route";
import { isAlive } from "@/lib/game/werewolf/mode";
import { advanceDue } from "@/lib/server/advance-due";
import { stateWithLiving } from "@/lib/game/werewolf/testing";
import type { WerewolfState } from "@/lib/game/werewolf/types";
import { signIn, type Client, type Reply } from "./helpers";
import { overwriteState, readState, stateIn } from "../support/stored-state";

let counter = 0;

export interface Table {
  code: string;
  roomId: string;
  gameId: string;
  players: Client[];
  host: Client;
  role: Map<string, string>;
  byRole(role: string): Client[];
  act(c: Client, action: Record<string, unknown>, key?: string): Promise<Reply>;
  deadline(): Promise<number>;
  phase(): Promise<string>;
}

export async function lobby(n: number) {
  const tag = `${++counter}`;
  const players: Client[] = [];
  for (let i = 0; i < n; i++) players.push(await signIn(`P${tag}-${i}`));
  const [host] = players;
  const created = await host.call(createRoute, { body: {} });
  const code: string = created.body.room.code;
  for (const p of players.slice(1)) expect((await p.call(joinRoute, { params: { code }, body: {} })).status).toBe(200);
  return { code, roomId: created.body.room.id as string, players, host };
}

export async function readyAll(code: string, players: Client[]) {
  for (const p of players) expect((await p.call(readyRoute, { params: { code }, body: { ready: true } })).status).toBe(200);
}

export async function startedGame(): Promise<Table> {
  return startIn(await lobby(8));
}

/** A new game in a room in the lobby (a new room's, or one back from "play again"): all ready, then start. */
export async function startIn({ code, roomId, players, host }: Awaited<ReturnType<typeof lobby>>): Promise<Table> {
  await readyAll(code, players);
  const started = await host.call(startRoute, { params: { code } });
  expect(started.status).toBe(201);
  const gameId: string = started.body.gameId;
  const role = new Map<string, string>();
  for (const p of players) role.set(p.id, (await p.call(meRoute, { params: { id: gameId } })).body.role);
  let keys = 0;
  return {
    code,
    roomId,
    gameId,
    players,
    host,
    role,
    byRole: (r) => players.filter((p) => role.get(p.id) === r),
    act: (c, action, key) => c.call(actionsRoute, { params: { id: gameId }, body: { action, idempotencyKey: key ?? `k${++keys}` } }),
    deadline: async () => (await host.call(gameRoute, { params: { id: gameId } })).body.game.deadline,
    phase: async () => (await host.call(gameRoute, { params: { id: gameId } })).body.game.phase,
  };
}

/** Events of one game with their audiences, straight from the table (owner). */
export const eventRows = (db: Db, gameId: string) =>
  db.tx((tx) =>
    tx.query<{ audience: string; audience_seq: number; type: string; payload: Record<string, unknown> }>(
      "select audience, audience_seq, type, payload from game_events where game_id = $1 order by id",
      [gameId],
    ),
  );

/** As a death in an earlier step leaves it: the stored state and its `game_players` mirror. */
export const killStored = (db: Db, gameId: string, userId: string) =>
  db.tx(async (tx) => {
    const state = await stateIn<WerewolfState>(tx, gameId);
    const living = state.players.filter((p) => p !== userId && isAlive(state, p));
    await overwriteState(tx, gameId, stateWithLiving(state, living));
    await tx.query("update game_players set alive = false where game_id = $1 and user_id = $2", [gameId, userId]);
  });

/** The stored engine state (owner read). */
export const storedState = (db: Db, gameId: string) => readState<WerewolfState>(db, gameId);

/** Plays `t` to its end: each night the wolves bite and each vote puts out the first living villager; deadlines run out. */
export async function playToEnd(db: Db, t: Table): Promise<void> {
  const ended = async () => (await t.host.call(gameRoute, { params: { id: t.gameId } })).body.game.ended as boolean;
  const wolves = new Set(t.byRole("wolf").map((w) => w.id));
  for (let phases = 0; phases < 60 && !(await ended()); phases++) {
    const state = await storedState(db, t.gameId);
    const villagers = t.players.filter((p) => !wolves.has(p.id) && isAlive(state, p.id));
    if (state.phase === "night.main") {
      for (const w of t.byRole("wolf")) if (isAlive(state, w.id)) await t.act(w, { type: "bite", target: villagers[0].id });
    } else if (state.phase === "vote") {
      for (const p of t.players) if (isAlive(state, p.id) && p.id !== villagers[0].id) await t.act(p, { type: "vote", target: villagers[0].id });
    }
    if (!(await ended())) {
      const d = await t.deadline();
      if (d !== null) await advanceDue(db, d);
    }
  }
  expect(await ended()).toBe(true);
}
