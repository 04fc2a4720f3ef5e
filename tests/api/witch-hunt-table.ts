// A Catch-the-Witch room through the real routes (issue 25): people (signed-in clients) and server
// bots, the mode chosen in the lobby, started, then played to the end by the cron loop's parts —
// advanceDue for deadlines, playDueBots for the bots — while each person plays the bot's brain on
// the view the view route gives them (only what their seat may read).
import { expect } from "vitest";
import type { Db } from "@/lib/db/types";
import { seedRng } from "@/lib/game/core/rng";
import { botAction } from "@/lib/game/witch-hunt/bot";
import type { WitchHuntView } from "@/lib/game/witch-hunt/types";
import { legalOfView } from "@/lib/game/witch-hunt/view-legal";
import { chatChannels } from "@/lib/game/witch-hunt/chat";
import { chance } from "@/lib/game/core/rng";
import { advanceDue } from "@/lib/server/advance-due";
import { playDueBots } from "@/lib/server/bots/due";
import { POST as createRoute } from "@/app/api/rooms/route";
import { POST as joinRoute } from "@/app/api/rooms/[code]/join/route";
import { POST as readyRoute } from "@/app/api/rooms/[code]/ready/route";
import { PATCH as settingsRoute } from "@/app/api/rooms/[code]/settings/route";
import { POST as startRoute } from "@/app/api/rooms/[code]/start/route";
import { POST as addBotRoute } from "@/app/api/rooms/[code]/bots/route";
import { GET as gameRoute } from "@/app/api/games/[id]/route";
import { GET as viewRoute } from "@/app/api/games/[id]/view/route";
import { POST as actionsRoute } from "@/app/api/games/[id]/actions/route";
import { signIn, type Client } from "./helpers";

export interface WitchHuntTable {
  code: string;
  gameId: string;
  host: Client;
  people: Client[];
}

let rooms = 0;

/** A started game of `people` signed-in players (the first hosts) and `bots` server bots. */
export async function witchHuntTable(people: number, bots: number, settings: { timed?: boolean } = {}): Promise<WitchHuntTable> {
  const tag = ++rooms;
  const clients: Client[] = [];
  for (let i = 0; i < people; i++) clients.push(await signIn(`WH${tag}-${i}`));
  const [host] = clients;
  const code: string = (await host.call(createRoute, { body: {} })).body.room.code;
  for (const p of clients.slice(1)) expect((await p.call(joinRoute, { params: { code }, body: {} })).status).toBe(200);
  for (let i = 0; i < bots; i++) expect((await host.call(addBotRoute, { params: { code }, body: {} })).status).toBe(200);
  const chosen = await host.call(settingsRoute, { method: "PATCH", params: { code }, body: { mode: "witch-hunt", ...settings } });
  expect(chosen.status).toBe(200);
  for (const p of clients) expect((await p.call(readyRoute, { params: { code }, body: { ready: true } })).status).toBe(200);
  const started = await host.call(startRoute, { params: { code } });
  expect(started.status).toBe(201);
  return { code, gameId: started.body.gameId as string, host, people: clients };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function viewOf(table: WitchHuntTable, p: Client): Promise<WitchHuntView> {
  const r = await p.call(viewRoute, { params: { id: table.gameId } });
  expect(r.status).toBe(200);
  return r.body.view as WitchHuntView;
}

/**
 * One person's move, if any: the bot's brain on their own view, through the actions route; with
 * `talk`, now and then a line on a channel open to them instead (WH-P10).
 */
async function personTurn(table: WitchHuntTable, p: Client, rng: ReturnType<typeof seedRng>, key: string, talked: Set<string> | null): Promise<boolean> {
  const view = await viewOf(table, p);
  // At most one line per person and step, on a channel open to them (the witches' first).
  const step = `${p.id}:${view.phase}:${view.day}`;
  const open = chatChannels(view.phase, view.role, view.form[view.me]);
  const talks = talked !== null && open.length > 0 && !talked.has(step) && chance(rng, 1, 3);
  if (talks) talked.add(step);
  const action = talks ? { type: "chat", channel: open.at(-1), text: `${view.phase} ${key}` } : botAction(view, legalOfView(view), rng);
  if (!action) return false;
  const r = await p.call(actionsRoute, { params: { id: table.gameId }, body: { action, idempotencyKey: key } });
  // A refusal (the step moved on between reading and acting) is a person's ordinary answer too.
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
  return r.status === 200;
}

export interface PlayOptions {
  limitMs?: number;
  seed?: number;
  /** People chat now and then. */
  talk?: boolean;
  /** Called whenever the game row shows a new step (and at the end), once per round of turns. */
  onStep?: (game: { phase: string; day: number; ended: boolean }) => Promise<void>;
}

/** Plays the game to its end in real time (the deployment's time scale); the game row at the end. */
export async function playToEnd(db: Db, table: WitchHuntTable, { limitMs = 150_000, seed = 1, talk = false, onStep }: PlayOptions = {}) {
  const rng = seedRng(seed);
  const stop = Date.now() + limitMs;
  let moves = 0;
  let seen = "";
  const talked = talk ? new Set<string>() : null;
  const game = async () => (await table.host.call(gameRoute, { params: { id: table.gameId } })).body.game;
  for (;;) {
    await advanceDue(db, Date.now());
    await playDueBots(db, Date.now(), console);
    const g = await game();
    const step = `${g.phase}:${g.day}:${g.deadline}`;
    if (onStep && step !== seen) await onStep(g);
    seen = step;
    if (g.ended || Date.now() > stop) return g;
    for (const p of table.people) await personTurn(table, p, rng, `person-${++moves}`, talked);
    await sleep(10);
  }
}
