// A game of any registered mode through the real routes (issues 25, 26): people (signed-in clients)
// and server bots, the mode chosen in the lobby, started, then played to the end by the cron loop's
// parts — advanceDue for deadlines, playDueBots for the bots — while each person makes the move a
// mode's `turn` picks from what the routes give them (only what their seat may read). Also the
// wire's readers: every event a seat reads, the stored state the engine judged.
import { expect } from "vitest";
import type { Db } from "@/lib/db/types";
import type { GameEvent } from "@/lib/game/core/types";
import { seedRng, type RngState } from "@/lib/game/core/rng";
import { advanceDue } from "@/lib/server/advance-due";
import { playDueBots } from "@/lib/server/bots/due";
import { POST as createRoute } from "@/app/api/rooms/route";
import { POST as joinRoute } from "@/app/api/rooms/[code]/join/route";
import { POST as readyRoute } from "@/app/api/rooms/[code]/ready/route";
import { PATCH as settingsRoute } from "@/app/api/rooms/[code]/settings/route";
import { POST as startRoute } from "@/app/api/rooms/[code]/start/route";
import { POST as addBotRoute } from "@/app/api/rooms/[code]/bots/route";
import { GET as gameRoute } from "@/app/api/games/[id]/route";
import { GET as historyRoute } from "@/app/api/rooms/[code]/games/route";
import { GET as viewRoute } from "@/app/api/games/[id]/view/route";
import { GET as eventsRoute } from "@/app/api/games/[id]/events/route";
import { POST as actionsRoute } from "@/app/api/games/[id]/actions/route";
import { signIn, type Client, type Reply } from "./helpers";
import { readState } from "../support/stored-state";

export interface ModeTable {
  code: string;
  gameId: string;
  host: Client;
  people: Client[];
}

let rooms = 0;

/** A started `mode` game of `people` signed-in players (the first hosts) and `bots` server bots. */
export async function modeTable(mode: string, people: number, bots: number, settings: object = {}): Promise<ModeTable> {
  const tag = `${mode}-${++rooms}`;
  const clients: Client[] = [];
  for (let i = 0; i < people; i++) clients.push(await signIn(`${tag}-${i}`.slice(-20)));
  const [host] = clients;
  const code: string = (await host.call(createRoute, { body: {} })).body.room.code;
  for (const p of clients.slice(1)) expect((await p.call(joinRoute, { params: { code }, body: {} })).status).toBe(200);
  for (let i = 0; i < bots; i++) expect((await host.call(addBotRoute, { params: { code }, body: {} })).status).toBe(200);
  const chosen = await host.call(settingsRoute, { method: "PATCH", params: { code }, body: { mode, ...settings } });
  expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
  for (const p of clients) expect((await p.call(readyRoute, { params: { code }, body: { ready: true } })).status).toBe(200);
  const started = await host.call(startRoute, { params: { code } });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return { code, gameId: started.body.gameId as string, host, people: clients };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function viewOf<V>(table: ModeTable, p: Client): Promise<V> {
  const r = await p.call(viewRoute, { params: { id: table.gameId } });
  expect(r.status).toBe(200);
  return r.body.view as V;
}

/** A person's next move (null: nothing to do), from what the routes give them. */
export type PersonTurn = (p: Client, rng: RngState) => Promise<{ type: string } | null>;

export interface PlayOptions {
  limitMs?: number;
  seed?: number;
  /** Called whenever the game row shows a new step (and at the end), once per round of turns. */
  onStep?: (game: { phase: string; day: number; ended: boolean }) => Promise<void>;
}

/** Plays the game to its end in real time (the deployment's time scale); the game row at the end. */
export async function playToEnd(db: Db, table: ModeTable, turn: PersonTurn, { limitMs = 150_000, seed = 1, onStep }: PlayOptions = {}) {
  const rng = seedRng(seed);
  const stop = Date.now() + limitMs;
  let moves = 0;
  let seen = "";
  const game = async () => (await table.host.call(gameRoute, { params: { id: table.gameId } })).body.game;
  for (;;) {
    await advanceDue(db, Date.now());
    await playDueBots(db, Date.now(), console);
    const g = await game();
    const step = `${g.phase}:${g.day}:${g.deadline}`;
    if (onStep && step !== seen) await onStep(g);
    seen = step;
    if (g.ended || Date.now() > stop) return g;
    for (const p of table.people) {
      const action = await turn(p, rng);
      if (!action) continue;
      const r = await p.call(actionsRoute, { params: { id: table.gameId }, body: { action, idempotencyKey: `person-${++moves}` } });
      // A refusal (the step moved on between reading and acting) is a person's ordinary answer too.
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
    }
    await sleep(10);
  }
}

/** Every event `p` reads now, from the start, page by page (GET /games/:id/events). */
export async function readAllEvents(table: ModeTable, p: Client): Promise<GameEvent[]> {
  const out: GameEvent[] = [];
  let cursor: string | null = null;
  for (;;) {
    const r: Reply = await p.call(eventsRoute, { params: { id: table.gameId }, query: cursor ? `?cursor=${encodeURIComponent(cursor)}` : "" });
    expect(r.status).toBe(200);
    out.push(...(r.body.events as GameEvent[]));
    cursor = r.body.cursor;
    if (!r.body.more) return out;
  }
}

/** The game's stored state (what the engine judges), read past RLS. */
export const storedState = <S>(db: Db, gameId: string): Promise<S> => readState<S>(db, gameId);

/** An event without its `day` (the row's day column may differ where the event has none). */
export const withoutDay = (e: GameEvent): Record<string, unknown> => Object.fromEntries(Object.entries(e).filter(([k]) => k !== "day"));

/**
 * The room's earlier games as `p` reads them (GET /rooms/:code/games): this table's game is listed
 * with its mode, winner, who ended it, `p`'s role and whether `p` won; its results read whole.
 */
export async function expectListed(table: ModeTable, p: Client, mode: string, game: { winner: string | null; endedByHost: boolean }, role: string, won: boolean) {
  const r = await p.call(historyRoute, { params: { code: table.code } });
  expect(r.status).toBe(200);
  expect(r.body.games).toEqual([expect.objectContaining({ id: table.gameId, mode, winner: game.winner, endedByHost: game.endedByHost, myRole: role, won })]);
  // Its results page reads the ended game whole (`/g/<id>`: the game row and the folded view).
  expect((await p.call(gameRoute, { params: { id: table.gameId } })).body.game).toMatchObject({ mode, ended: true });
  expect((await p.call(viewRoute, { params: { id: table.gameId } })).body.view).toMatchObject({ phase: "ended", winner: game.winner });
}
