// The seat engine against the rules engine it replaces for standard games (docs/performance.md,
// "the seat engine"): the same game, step by step, must produce the same outcome, events, refusals,
// views, legal lists, seats and status, for every seat and for a stranger; and every seat's bot
// input must be its view. The corpus
// (scripts/engine-corpus.test.ts) compares digests of whole games with the recorded ones; this test
// compares each step, so a difference names the step where the engines part.
import { describe, expect, it } from "vitest";
import { nextInt, seedRng } from "../../core/rng";
import type { GameEvent, PlayerId } from "../../core/types";
import { inputOfView } from "../bot";
import { configSchema } from "../config";
import { werewolf } from "../mode";
import { seatNames } from "../random-setups";
import { setup } from "../setup";
import { someAction } from "../testing";
import type { AnyWerewolfState, LegalAction, RoleId } from "../types";
import { isSeatState } from "./types";
import { seatBotInput } from "./view";

const STRANGER = "stranger";

function expectSameViews(seat: AnyWerewolfState, rules: AnyWerewolfState, where: string): void {
  for (const p of [...seat.players, STRANGER]) {
    expect(werewolf.viewFor(seat, p), `${where}: ${p}'s view`).toEqual(werewolf.viewFor(rules, p));
    expect(werewolf.legalActions!(seat, p), `${where}: ${p}'s legal actions`).toEqual(werewolf.legalActions!(rules, p));
  }
  // A bot at the table reads its input straight from the seat state: exactly its view, by seat
  // (the chat as its day lines, all a bot reads), so a bot learns nothing its view does not show.
  if (isSeatState(seat)) {
    seat.players.forEach((p, q) => {
      const fromView = inputOfView(werewolf.viewFor(seat, p));
      const input = seatBotInput(seat, q);
      expect({ ...input, chat: [...input.chat] }, `${where}: ${p}'s bot input`).toEqual({ ...fromView, chat: fromView.chat.filter((l) => l.channel === "day") });
    });
  }
  expect(werewolf.seats(seat), `${where}: seats`).toEqual(werewolf.seats(rules));
  expect(werewolf.status(seat), `${where}: status`).toEqual(werewolf.status(rules));
}

/**
 * The seat engine never enters the phase it is in at the same deadline (a phase entry always
 * changes the phase: standard has no re-vote and one Hunter), so a step that began a phase shows it
 * in the phase or the deadline: the bot table reads no events to tell (scripts/bot-game.ts, SEATS).
 */
function expectPhaseEntryShown(before: { phase: string; deadline: number | null }, after: AnyWerewolfState, events: readonly GameEvent[], where: string): void {
  if (events.some((e) => e.type === "phase")) expect(after.phase !== before.phase || after.deadline !== before.deadline, `${where}: a phase entry that changed neither phase nor deadline`).toBe(true);
}

/** Both engines from one seed (and one fixed deal, when given). */
function startBoth(players: PlayerId[], seed: number, options: Record<string, unknown>, deal?: Record<PlayerId, RoleId>) {
  const config = configSchema.parse(options);
  const seat = werewolf.setup(config, players, { now: 0, seed }, deal);
  const rules = setup(config, players, { now: 0, seed }, deal);
  if (!seat.ok || !rules.ok) throw new Error("setup refused");
  expect(isSeatState(seat.value.state)).toBe(true);
  expect(isSeatState(rules.value.state)).toBe(false);
  expect(seat.value.events).toEqual(rules.value.events);
  return { seat: seat.value.state as AnyWerewolfState, rules: rules.value.state as AnyWerewolfState };
}

/**
 * Random actions from random seats at random times, legal three times in four, and deadlines that
 * run out; every so often the seat state is reloaded from its JSON, as the server does per request.
 */
function playBoth(players: PlayerId[], seed: number, options: Record<string, unknown> = {}, deal?: Record<PlayerId, RoleId>): number {
  let { seat, rules } = startBoth(players, seed, options, deal);
  expectSameViews(seat, rules, `seed ${seed} start`);
  const r = seedRng(seed ^ 0x3c6ef372);
  let now = 0;
  let steps = 0;
  for (let i = 0; i < 2000 && rules.phase !== "ended"; i++) {
    const where = `seed ${seed} step ${i} (${rules.phase} day ${rules.day})`;
    const before = { phase: seat.phase, deadline: seat.deadline };
    if (nextInt(r, 6) === 0) {
      if (nextInt(r, 2) === 0) now = Math.max(now, rules.deadline ?? now);
      const a = werewolf.advance(seat, { now });
      expectPhaseEntryShown(before, a.state, a.events, `${where}: advance`);
      const b = werewolf.advance(rules, { now });
      expect(a.events, `${where}: advance`).toEqual(b.events);
      seat = a.state;
      rules = b.state;
    } else {
      const p = nextInt(r, 12) === 0 ? STRANGER : players[nextInt(r, players.length)];
      const action = someAction(r, werewolf.legalActions!(rules, p) as LegalAction[], players);
      const json = JSON.stringify(seat);
      const a = werewolf.act(seat, p, action, { now });
      const b = werewolf.act(rules, p, action, { now });
      const outcome = (x: typeof a) => (x.ok ? { events: x.value.events } : { error: x.error });
      expect(outcome(a), `${where}: ${p} ${JSON.stringify(action)}`).toEqual(outcome(b));
      if (!a.ok) expect(JSON.stringify(seat), `${where}: a refused action changed the state`).toBe(json);
      else expectPhaseEntryShown(before, a.value.state, a.value.events, `${where}: ${p} ${JSON.stringify(action)}`);
      if (a.ok && b.ok) {
        seat = a.value.state;
        rules = b.value.state;
      }
      now += nextInt(r, 4000);
    }
    steps++;
    if (nextInt(r, 10) === 0) seat = JSON.parse(JSON.stringify(seat)) as AnyWerewolfState;
    expectSameViews(seat, rules, where);
  }
  expect(rules.phase).toBe("ended");
  return steps;
}

describe("the seat engine plays standard games exactly as the rules engine", () => {
  it("P-5, S-*: random legal and illegal actions and timeouts, 8 and 9 seats, dealt by the seed", () => {
    let steps = 0;
    for (let seed = 1; seed <= 80; seed++) steps += playBoth(seatNames(8 + (seed % 2)), seed, seed % 3 === 0 ? { dayLength: 30, timeScale: 10 } : {});
    expect(steps).toBeGreaterThan(80 * 20);
  }, 180_000); // ~20 s alone; every seat's view is compared at every step

  it("P-5, S-HUNTER-*: fixed deals where the Hunter, the Guard and the Witch meet", () => {
    const deal: Record<PlayerId, RoleId> = {
      p1: "wolf",
      p2: "villager",
      p3: "hunter",
      p4: "seer",
      p5: "witch",
      p6: "wolf",
      p7: "guard",
      p8: "wolf",
      p9: "villager",
    };
    for (let seed = 1; seed <= 20; seed++) playBoth(Object.keys(deal), seed, {}, deal);
  }, 180_000);

  it("a refused action, a premature advance and a stranger's action leave the seat state as it was", () => {
    const { seat } = startBoth(seatNames(9), 7, {});
    const before = JSON.stringify(seat);
    for (const p of [...seat.players, STRANGER]) {
      expect(werewolf.act(seat, p, { type: "vote", target: p }, { now: 1 }).ok).toBe(false);
      expect(werewolf.act(seat, p, { type: "chat", channel: "day", text: "" }, { now: 1 }).ok).toBe(false);
    }
    expect(werewolf.advance(seat, { now: 1 }).events).toEqual([]);
    expect(JSON.stringify(seat)).toBe(before);
  });

  it("an accepted action changes the state it was given (in place, by design) and returns it", () => {
    const { seat } = startBoth(seatNames(9), 7, {});
    const biteOf = (p: PlayerId) => (werewolf.legalActions!(seat, p) as LegalAction[]).find((l) => l.type === "bite");
    const wolf = seat.players.find((p) => biteOf(p) !== undefined)!;
    const target = biteOf(wolf)!.targets![0];
    const r = werewolf.act(seat, wolf, { type: "bite", target }, { now: 1 });
    expect(r.ok && r.value.state).toBe(seat);
  });
});
