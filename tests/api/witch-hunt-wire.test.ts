// Issue 25 item 2 (WH-R41–R44) on the wire: what each seat of a Catch-the-Witch game reads through
// the routes, against the engine's own rule of who may read what. Every seat is a person (so each
// can be read as itself); they play the bot's brain on their views and chat on the channels open to
// them (WH-P10). At sampled steps every seat reads the whole event list from the start through
// GET /games/:id/events: it must be exactly the engine log's events `canSee` gives that seat now.
// A second test shows a villager's reads do not change at all while the witches act in their 15 s;
// a third, that they are the same whether or not the Guard guards (the Guard's fixed 20 s).
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import { useDb } from "@/lib/server/db";
import { advanceDue } from "@/lib/server/advance-due";
import { canSee } from "@/lib/game/core/types";
import { witchHunt } from "@/lib/game/witch-hunt/mode";
import type { GameEvent } from "@/lib/game/core/types";
import type { WitchHuntState } from "@/lib/game/witch-hunt/types";
import { SECONDS } from "@/lib/game/witch-hunt/tables";
import { GET as gameRoute } from "@/app/api/games/[id]/route";
import { GET as chatRoute } from "@/app/api/games/[id]/chat/route";
import { GET as meRoute } from "@/app/api/games/[id]/me/route";
import { POST as actionsRoute } from "@/app/api/games/[id]/actions/route";
import type { Client } from "./helpers";
import { readAllEvents, withoutDay, storedState } from "./mode-table";
import { playToEnd, viewOf, witchHuntTable, type WitchHuntTable } from "./witch-hunt-table";

const SCALE = 0.02;
process.env.MASOI_TIME_SCALE = String(SCALE);

/** Steps at which every seat's reads are audited (each reads from the start): the witches' step, the vote, the end. */
const AUDITED = new Set(["day.witch", "vote", "ended"]);

forEachDb("Catch the Witch on the wire", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  const stateOf = (gameId: string) => storedState<WitchHuntState>(db(), gameId);
  const readAll = readAllEvents;

  async function audit(table: WitchHuntTable): Promise<number> {
    const s = await stateOf(table.gameId);
    const ended = s.phase === "ended";
    for (const seat of witchHunt.seats(s)) {
      const p = table.people.find((c) => c.id === seat.player)!;
      const read = await readAll(table, p);
      const allowed = s.log.filter((e) => canSee(e.audience, seat, ended));
      expect(read.map(withoutDay), `${seat.role} ${seat.player} in ${s.phase} day ${s.day}`).toEqual(allowed.map(withoutDay));
      // The row's day is the event's own where it has one.
      read.forEach((e, i) => {
        if (typeof allowed[i].day === "number") expect(e.day).toBe(allowed[i].day);
      });
    }
    return s.log.length;
  }

  it("WH-R41–R44, WH-P5, WH-P6, WH-P10: every seat of an 8-person game reads exactly what the rules let it, step after step", async () => {
    const table = await witchHuntTable(8, 0);
    let audits = 0;
    const game = await playToEnd(db(), table, {
      talk: true,
      seed: 25,
      onStep: async (g) => {
        if (!AUDITED.has(g.phase)) return;
        await audit(table);
        audits++;
      },
    });
    expect(game.ended).toBe(true);
    expect(audits).toBeGreaterThan(4);
    const s = await stateOf(table.gameId);
    // Both channels were used, and the whole log reached every seat at the end.
    expect(s.log.some((e) => e.type === "chat" && e.channel === "table")).toBe(true);
    expect(s.log.some((e) => e.type === "chat" && e.channel === "coven")).toBe(true);
    // WH-R22: each witches' step lasted its 15 s (scaled), whatever the witches did, and the
    // Evening came only at its end.
    const phases = s.log.filter((e) => e.type === "phase");
    phases.forEach((e, i) => {
      if (e.phase !== "day.witch") return;
      expect((e.deadline as number) - e.at).toBe(SECONDS.witch * 1000 * SCALE);
      expect(phases[i + 1]?.at ?? Infinity).toBeGreaterThanOrEqual(e.deadline as number);
    });
  }, 240_000);

  it("WH-R22, WH-R41, WH-R42: while the witches act, a villager's reads (game row, events, chat) stay byte for byte the same", async () => {
    // Real-time steps here (the witches' 15 s): under load the reads below outlast a scaled step;
    // the clock moves only through advanceDue at the end.
    process.env.MASOI_TIME_SCALE = "1";
    const table = await witchHuntTable(4, 0).finally(() => (process.env.MASOI_TIME_SCALE = String(SCALE)));
    const { gameId } = table;
    const roleOf = new Map<string, string>();
    for (const p of table.people) roleOf.set(p.id, (await p.call(meRoute, { params: { id: gameId } })).body.role);
    const witch = table.people.find((p) => roleOf.get(p.id) === "witch")!;
    const others = table.people.filter((p) => p !== witch);
    const act = (p: Client, action: object, key: string) => p.call(actionsRoute, { params: { id: gameId }, body: { action, idempotencyKey: key } });
    for (const p of table.people) expect((await act(p, { type: "ready" }, "ready")).status).toBe(200);
    // The witches' chat is open while the others pick (only the coven reads it).
    expect((await act(witch, { type: "chat", channel: "coven", text: "meet at the forest" }, "c0")).status).toBe(200);
    for (const p of others) expect((await act(p, { type: "pick", location: "forest" }, "pick")).status).toBe(200);

    const reads = async (p: Client) => {
      const g = (await p.call(gameRoute, { params: { id: gameId } })).body;
      const events = await readAll(table, p);
      const chat = (await p.call(chatRoute, { params: { id: gameId }, query: "?channel=coven&day=1" })).body;
      return JSON.stringify({ game: g.game, players: g.players, events, chat });
    };
    const before = await Promise.all(others.map(reads));
    const view = await viewOf(table, witch);
    expect(view.phase).toBe("day.witch");
    expect((await act(witch, { type: "witch_location", location: "forest" }, "w1")).status).toBe(200);
    const target = others.find((p) => roleOf.get(p.id) === "villager")!;
    expect((await act(witch, { type: "cast", spell: "frog_hex", target: target.id }, "w2")).status).toBe(200);
    expect((await act(witch, { type: "chat", channel: "coven", text: "done" }, "w3")).status).toBe(200);
    expect(await Promise.all(others.map(reads))).toEqual(before);
    // The witch reads her dialog; the others page an empty coven channel.
    const witchChat = (await witch.call(chatRoute, { params: { id: gameId }, query: "?channel=coven&day=1" })).body;
    expect(JSON.stringify(witchChat)).toContain("meet at the forest");
    expect(before.every((r) => !r.includes("meet at the forest") && !r.includes('"cast"'))).toBe(true);

    // Only the clock ends the step: at its deadline, not before.
    const deadline = (await witch.call(gameRoute, { params: { id: gameId } })).body.game.deadline as number;
    await advanceDue(db(), deadline - 1);
    expect((await witch.call(gameRoute, { params: { id: gameId } })).body.game.phase).toBe("day.witch");
    await advanceDue(db(), deadline);
    expect((await target.call(gameRoute, { params: { id: gameId } })).body.game.phase).toBe("evening");
    expect((await viewOf(table, target)).form[target.id]).toBe("frog");
  }, 60_000);
  it("WH-R17, WH-R21, WH-R42: a villager's reads are the same whether the Guard guards or picks; the Guard's step lasts its 20 s either way", async () => {
    /** Day 1's Daytime of a 5-person game up to the Evening: the Guard guards (then chooses at once) or picks; the witch does nothing. */
    const day1 = async (guards: boolean) => {
      // Real-time steps (as above); the clock moves only through advanceDue.
      process.env.MASOI_TIME_SCALE = "1";
      const table = await witchHuntTable(5, 0).finally(() => (process.env.MASOI_TIME_SCALE = String(SCALE)));
      const { gameId } = table;
      const roleOf = new Map<string, string>();
      for (const p of table.people) roleOf.set(p.id, (await p.call(meRoute, { params: { id: gameId } })).body.role);
      const holder = (role: string) => table.people.find((p) => roleOf.get(p.id) === role)!;
      const [guard, villager] = [holder("guard"), holder("villager")];
      const act = async (p: Client, action: object, key: string) => expect((await p.call(actionsRoute, { params: { id: gameId }, body: { action, idempotencyKey: key } })).status).toBe(200);
      for (const p of table.people) await act(p, { type: "ready" }, "ready");
      await act(guard, guards ? { type: "guard" } : { type: "pick", location: "meadow" }, "g1");
      for (const role of ["seer", "healer", "villager"]) await act(holder(role), { type: "pick", location: "forest" }, "pick");
      const before = await readAll(table, villager);
      if (guards) {
        expect((await viewOf(table, guard)).counts).toEqual({ forest: 3, meadow: 0, riverbank: 0 });
        await act(guard, { type: "guard_location", location: "forest" }, "g2");
        // WH-R41, WH-R42: nothing the villager reads changes when the Guard chooses.
        expect(await readAll(table, villager)).toEqual(before);
      }
      const game = async () => (await villager.call(gameRoute, { params: { id: gameId } })).body.game;
      for (const phase of ["day.guard", "day.witch"]) {
        const g = await game();
        expect(g.phase).toBe(phase);
        await advanceDue(db(), g.deadline - 1);
        expect((await game()).phase, "only the clock ends the step").toBe(phase);
        await advanceDue(db(), g.deadline);
      }
      expect((await game()).phase).toBe("evening");
      return { table, villager, roleOf };
    };
    /**
     * The Daytime's reads (from the Duck's announcement), each player named by role and each time
     * as a length from the step's start: two games' ids, seats, clocks and drawn ingredients differ.
     */
    const shape = async ({ table, villager, roleOf }: Awaited<ReturnType<typeof day1>>) => {
      const read = await readAll(table, villager);
      const daytime = read.slice(read.findIndex((e) => e.type === "morning"));
      const json = JSON.stringify(daytime.map(({ at, ...e }: GameEvent) => (e.type === "phase" && typeof e.deadline === "number" ? { ...e, deadline: e.deadline - at } : e)));
      return [...roleOf].reduce((out, [id, role]) => out.replaceAll(id, role), json).replace(/"required":\[[^\]]*\]/, '"required":"…"');
    };
    const guarded = await shape(await day1(true));
    const picked = await shape(await day1(false));
    expect(guarded).toEqual(picked);
    expect(JSON.parse(guarded)).toContainEqual(expect.objectContaining({ type: "phase", phase: "day.guard", deadline: SECONDS.guard * 1000 }));
  }, 60_000);
});
