// Issue 24 item 5: a second mode plugs in with no edit outside its folder and the registry. "Tally",
// a tiny mode of this test alone (registered here, nowhere else), is set up, edited in the lobby,
// started, played, advanced by the deadline pass and ended through the real routes and services,
// on the real schema, with no werewolf code on its path.
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { forEachDb } from "../db/test-db";
import type { ModePlatform } from "@/lib/game/core/platform";
import { err, ok, type GameEvent, type GameMode, type PlayerId } from "@/lib/game/core/types";
import { modes, type RegisteredMode } from "@/lib/game/modes";
import { useDb } from "@/lib/server/db";
import { advanceDue } from "@/lib/server/advance-due";
import { POST as createRoute } from "@/app/api/rooms/route";
import { GET as roomRoute } from "@/app/api/rooms/[code]/route";
import { POST as joinRoute } from "@/app/api/rooms/[code]/join/route";
import { POST as readyRoute } from "@/app/api/rooms/[code]/ready/route";
import { PATCH as settingsRoute } from "@/app/api/rooms/[code]/settings/route";
import { POST as startRoute } from "@/app/api/rooms/[code]/start/route";
import { GET as gameRoute } from "@/app/api/games/[id]/route";
import { GET as meRoute } from "@/app/api/games/[id]/me/route";
import { GET as viewRoute } from "@/app/api/games/[id]/view/route";
import { GET as chatRoute } from "@/app/api/games/[id]/chat/route";
import { POST as actionsRoute } from "@/app/api/games/[id]/actions/route";
import { expectRefused, signIn } from "./helpers";

// --- The mode: each player adds to their own tally for `rounds` rounds of 30 s; the highest tally wins.
const ROUND_MS = 30_000;
type Config = { rounds: number };
type State = { players: PlayerId[]; tallies: number[]; round: number; rounds: number; deadline: number | null; winner: string | null };
type Action = { type: "add" };
type View = { me: PlayerId; tallies: Record<PlayerId, number>; round: number; told: number };

const pub = { kind: "public" } as const;
const status = (s: State) => ({ phase: s.deadline === null ? "ended" : "round", day: s.round, deadline: s.deadline, ended: s.deadline === null, winner: s.winner });

const tally: GameMode<Config, State, Action, View> = {
  id: "tally",
  configSchema: z.object({ rounds: z.number().int().min(1).max(5).default(2) }),
  actionSchema: z.strictObject({ type: z.literal("add") }),
  canStart: (_config, players) => (players.length >= 2 ? ok(true) : err("BAD_PLAYER_COUNT", "Tally needs two players.")),
  setup: (config, players, ctx) =>
    ok({
      state: { players, tallies: players.map(() => 0), round: 1, rounds: config.rounds, deadline: ctx.now + ROUND_MS, winner: null },
      // A secret for each player alone, and one for the team of all: visibility goes through canSee.
      events: [
        { type: "round", audience: pub, at: ctx.now, round: 1 },
        ...players.map((p): GameEvent => ({ type: "told", audience: { kind: "player", player: p }, at: ctx.now })),
      ],
    }),
  act: (s, actor, action, ctx) => {
    const seat = s.players.indexOf(actor);
    if (s.deadline === null) return err("GAME_ENDED", "The game has ended.");
    if (seat < 0 || action.type !== "add") return err("NOT_A_PLAYER", "Only a player may add.");
    const tallies = s.tallies.map((n, i) => (i === seat ? n + 1 : n));
    return ok({ state: { ...s, tallies }, events: [{ type: "added", audience: pub, at: ctx.now, player: actor }] });
  },
  advance: (s, ctx) => {
    if (s.deadline === null || ctx.now < s.deadline) return { state: s, events: [] };
    if (s.round < s.rounds) {
      const round = s.round + 1;
      return { state: { ...s, round, deadline: s.deadline + ROUND_MS }, events: [{ type: "round", audience: pub, at: ctx.now, round }] };
    }
    const best = Math.max(...s.tallies);
    const winner = s.players[s.tallies.indexOf(best)];
    return { state: { ...s, deadline: null, winner }, events: [{ type: "end", audience: pub, at: ctx.now, winner }] };
  },
  status,
  seats: (s) => s.players.map((player, seat) => ({ player, seat, alive: true, role: "counter", teams: ["counters"] })),
  initialView: (me, players) => ({ me, tallies: Object.fromEntries(players.map((p) => [p, 0])), round: 1, told: 0 }),
  applyEvent: (v, e) => {
    if (e.type === "added") return { ...v, tallies: { ...v.tallies, [e.player as string]: v.tallies[e.player as string] + 1 } };
    if (e.type === "round") return { ...v, round: e.round as number };
    if (e.type === "told") return { ...v, told: v.told + 1 };
    return v;
  },
  viewFor: (s, me) => ({ me, tallies: Object.fromEntries(s.players.map((p, i) => [p, s.tallies[i]])), round: s.round, told: 1 }),
};

const platform: ModePlatform = {
  settings: {
    read: (stored) => ({ rounds: typeof stored.rounds === "number" ? stored.rounds : 2 }),
    patchSchema: z.strictObject({ rounds: z.number().int().min(1).max(5).optional() }),
    merge: (current, patch) => ({ ...current, ...patch }),
  },
  end: { eventType: "end", winners: (payload) => [payload.winner as string], byHost: () => false },
};

forEachDb("a second mode through the server", (db) => {
  beforeAll(() => {
    useDb(db());
    modes.tally = { ...(tally as unknown as RegisteredMode), ...platform };
  });
  afterAll(() => {
    delete modes.tally;
    useDb(undefined);
  });

  it("issue 24: a mode registered by id alone is chosen in the lobby, started, played, advanced and ended", async () => {
    const [host, guest] = [await signIn("Tally host"), await signIn("Tally guest")];
    const code: string = (await host.call(createRoute, { body: {} })).body.room.code;
    expect((await guest.call(joinRoute, { params: { code }, body: {} })).status).toBe(200);

    // The lobby: the mode's own settings, checked by the mode (werewolf's fields are not this mode's).
    const chosen = await host.call(settingsRoute, { method: "PATCH", params: { code }, body: { mode: "tally" } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.room.settings).toEqual({ mode: "tally", rounds: 2 });
    await expectRefused(db(), () => host.call(settingsRoute, { method: "PATCH", params: { code }, body: { ruleset: "classic" } }), 400, "BAD_REQUEST");
    expect((await host.call(settingsRoute, { method: "PATCH", params: { code }, body: { rounds: 3 } })).body.room.settings).toEqual({ mode: "tally", rounds: 3 });

    for (const p of [host, guest]) expect((await p.call(readyRoute, { params: { code }, body: { ready: true } })).status).toBe(200);
    const started = await host.call(startRoute, { params: { code } });
    expect(started.status).toBe(201);
    const id: string = started.body.gameId;
    const game = async () => (await host.call(gameRoute, { params: { id } })).body.game;
    expect(await game()).toMatchObject({ mode: "tally", phase: "round", day: 1, ended: false, config: { rounds: 3 } });
    expect((await guest.call(meRoute, { params: { id } })).body).toMatchObject({ role: "counter", teams: ["counters"] });

    // Acting: the mode's action schema and rules, the events its audiences allow.
    const add = (key: string) => host.call(actionsRoute, { params: { id }, body: { action: { type: "add" }, idempotencyKey: key } });
    expect((await add("a1")).status).toBe(200);
    expect((await add("a2")).status).toBe(200);
    const view = (await guest.call(viewRoute, { params: { id } })).body.view as View;
    expect(view).toEqual({ me: guest.id, tallies: { [host.id]: 2, [guest.id]: 0 }, round: 1, told: 1 });
    // No chat channels, nobody absent: the platform's defaults for a mode that has neither.
    await expectRefused(db(), () => guest.call(chatRoute, { params: { id }, query: "?day=1" }), 400, "BAD_REQUEST");
    const room = (await host.call(roomRoute, { params: { code } })).body;
    expect(room.members.map((m: { missedTurns: number; absent: boolean }) => [m.missedTurns, m.absent])).toEqual([[0, false], [0, false]]);

    // The deadline pass plays the rounds out and ends the game with the mode's winner.
    const first = (await game()).deadline as number;
    await advanceDue(db(), first);
    expect(await game()).toMatchObject({ phase: "round", day: 2, deadline: first + ROUND_MS });
    await advanceDue(db(), first + 2 * ROUND_MS);
    expect(await game()).toMatchObject({ phase: "ended", ended: true, winner: host.id, deadline: null });
  });
});
