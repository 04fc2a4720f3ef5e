// A small driver for tests and tools: a mutable game record over the pure engine (fixed deals,
// acting, jumping to deadlines) plus a random legal-action driver. Not used by the engine itself.
import type { GameEvent, PlayerId, Result, Step } from "../core/types";
import { RATE_COUNT, RATE_WINDOW_MS } from "../core/chat-limits";
import { nextInt, pick, seedRng, type RngState } from "../core/rng";
import { configSchema } from "./config";
import { werewolf } from "./mode";
import { setup } from "./setup";
import { isTargeted, type LegalAction, type RoleId, type WerewolfAction, type WerewolfState } from "./types";

export interface TestGame {
  state: WerewolfState;
  events: GameEvent[];
  now: number;
  players: PlayerId[];
}

type Deal = Record<PlayerId, RoleId> | PlayerId[];

/** Starts a game with the given seat → role deal (seat order = key order), or seat list. */
export function startGame(roles: Deal, options: Record<string, unknown> = {}, seed = 1): TestGame {
  const players = Array.isArray(roles) ? roles : Object.keys(roles);
  const r = setup(configSchema.parse(options), players, { now: 1_000_000, seed }, Array.isArray(roles) ? undefined : roles);
  if (!r.ok) throw new Error(`setup refused: ${r.error.code} ${r.error.message}`);
  return { state: r.value.state, events: [...r.value.events], now: 1_000_000, players };
}

function record(g: TestGame, step: Step<WerewolfState>): void {
  g.state = step.state;
  for (const e of step.events) g.events.push(e);
}

/** Submits an action now; returns the engine's result (the game moves on only if accepted). */
export function play(g: TestGame, actor: PlayerId, action: WerewolfAction | Record<string, unknown>): Result<Step<WerewolfState>> {
  const r = werewolf.act(g.state, actor, action as WerewolfAction, { now: g.now });
  if (r.ok) record(g, r.value);
  return r;
}

/** Like `play`, but the action must be accepted. */
export function must(g: TestGame, actor: PlayerId, action: WerewolfAction | Record<string, unknown>): GameEvent[] {
  const r = play(g, actor, action);
  if (!r.ok) throw new Error(`${actor} ${JSON.stringify(action)} refused: ${r.error.code} ${r.error.message}`);
  return r.value.events;
}

/** Jumps to the current deadline and advances once. */
export function advance(g: TestGame): GameEvent[] {
  if (g.state.deadline !== null) g.now = Math.max(g.now, g.state.deadline);
  const step = werewolf.advance(g.state, { now: g.now });
  record(g, step);
  return step.events;
}

/** Advances until the game is in `phase` (at most 50 steps). */
export function advanceTo(g: TestGame, phase: WerewolfState["phase"], day?: number): void {
  for (let i = 0; i < 50; i++) {
    if (g.state.phase === phase && (day === undefined || g.state.day === day)) return;
    if (g.state.phase === "ended") break;
    advance(g);
  }
  throw new Error(`never reached ${phase}${day ? ` day ${day}` : ""} (at ${g.state.phase} day ${g.state.day})`);
}

export const ofType = (events: readonly GameEvent[], type: string): GameEvent[] => events.filter((e) => e.type === type);

/** A uniformly random concrete action from a legal entry. */
export function concretize(r: RngState, l: LegalAction): WerewolfAction {
  if (isTargeted(l.type)) return { type: l.type, target: pick(r, l.targets!) };
  switch (l.type) {
    case "link": {
      const a = pick(r, l.targets!);
      const rest = l.targets!.filter((p) => p !== a);
      return { type: "link", targets: [a, rest.length ? pick(r, rest) : a] };
    }
    case "steal":
      return { type: "steal", card: pick(r, [0, 1] as const) };
    case "chat":
      return { type: "chat", channel: l.channel!, text: `msg ${nextInt(r, 1000)}` };
    case "save":
    case "skip":
    case "peek":
    case "ready_to_vote":
      return { type: l.type };
  }
}

/** An action that is legal three times in four, else a plausible one the engine must refuse. */
export function someAction(r: RngState, legal: LegalAction[], players: PlayerId[]): WerewolfAction {
  if (legal.length > 0 && nextInt(r, 4) > 0) return concretize(r, legal[nextInt(r, legal.length)]);
  const types = ["bite", "vote", "shoot", "inspect", "poison", "save", "skip", "ready_to_vote", "pass_badge", "peek", "link", "steal", "protect"];
  const type = types[nextInt(r, types.length)];
  if (type === "link") return { type, targets: [players[nextInt(r, players.length)], players[nextInt(r, players.length)]] };
  if (type === "steal") return { type, card: nextInt(r, 3) } as unknown as WerewolfAction;
  return { type, target: players[nextInt(r, players.length)] } as WerewolfAction;
}

/**
 * Plays a whole game with random legal actions and random waits (for property tests).
 * `onStep` sees the game after every accepted action or advance.
 */
export function randomGame(g: TestGame, seed: number, onStep?: (g: TestGame) => void, maxSteps = 2000): void {
  const r = seedRng(seed);
  // S-CHAT-5's limit depends on the clock, which a legal list does not see: like a bot, the
  // player holds back a sixth line within 5 s (every action it does send must still be accepted).
  const sent = new Map<PlayerId, number[]>();
  for (let i = 0; i < maxSteps && g.state.phase !== "ended"; i++) {
    if (nextInt(r, 4) === 0) advance(g);
    else {
      const p = g.players[nextInt(r, g.players.length)];
      const legal = werewolf.legalActions!(g.state, p) as LegalAction[];
      if (legal.length === 0) continue;
      const action = concretize(r, legal[nextInt(r, legal.length)]);
      if (action.type === "chat") {
        const recent = (sent.get(p) ?? []).filter((t) => g.now - t < RATE_WINDOW_MS);
        if (recent.length >= RATE_COUNT) continue;
        sent.set(p, [...recent, g.now]);
      }
      const res = play(g, p, action);
      if (!res.ok) throw new Error(`legal action refused: ${p} ${JSON.stringify(action)} → ${res.error.code} ${res.error.message}`);
      g.now += nextInt(r, 3000);
      if (g.state.deadline !== null && g.now >= g.state.deadline) g.now = g.state.deadline - 1;
    }
    onStep?.(g);
  }
}

/** The game's state with only `alive` living, for tests that start from a later position. */
export function withLiving(g: TestGame, alive: readonly PlayerId[]): WerewolfState {
  return stateWithLiving(g.state, alive);
}

/** A copy of `s` where only `alive` live. */
export function stateWithLiving(s: WerewolfState, alive: readonly PlayerId[]): WerewolfState {
  const map: Record<PlayerId, boolean> = {};
  for (const p of s.players) map[p] = alive.includes(p);
  return { ...s, alive: map };
}
