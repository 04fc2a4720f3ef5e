// Role facts shared by every rule: sides, who acts in which night step, which roles a setup holds.
import type { PlayerId } from "../core/types";
import type { Facts, NightPhase, RoleId, WerewolfConfig, WerewolfState } from "./types";

export const ROLE_IDS = [
  "wolf",
  "seer",
  "guard",
  "witch",
  "hunter",
  "villager",
  "thief",
  "cupid",
  "little_girl",
] as const satisfies readonly RoleId[];

export const isRoleId = (x: unknown): x is RoleId => typeof x === "string" && (ROLE_IDS as readonly string[]).includes(x);

/** S-START-3: Wolves are the wolf side, everyone else the village side. */
export const sideOf = (role: RoleId): "wolves" | "village" => (role === "wolf" ? "wolves" : "village");

/**
 * The night step in which a role acts (P-3 decides which steps are held, not who is alive). A
 * switch, not a record: it runs in every listing of a skip, and a record read by a varying key is a
 * megamorphic keyed load.
 */
export function actsIn(role: RoleId | null): NightPhase | null {
  switch (role) {
    case "thief":
      return "night.thief";
    case "cupid":
      return "night.cupid";
    case "wolf":
    case "seer":
    case "guard":
    case "little_girl":
      return "night.main";
    case "witch":
      return "night.witch";
    default:
      return null;
  }
}

/** Whether the room's (public) setup holds this role's card. */
export function inSetup(config: WerewolfConfig, role: RoleId): boolean {
  if (role === "wolf" || role === "seer" || role === "villager") return true;
  if (config.ruleset === "standard") return role === "guard" || role === "witch" || role === "hunter";
  return role !== "guard" && config.roles.includes(role);
}

/** All wolves in seat order (by current cards: the Thief may have become one). */
export function wolvesOf(s: Pick<WerewolfState, "players" | "roles">): PlayerId[] {
  return s.players.filter((p) => s.roles[p] === "wolf");
}

type Seats = Pick<Facts, "players" | "alive">;

/**
 * The living players of the last `alive` record asked about, in seat order. A step replaces
 * `alive` when someone dies and never writes into it afterwards (state.ts), and views share the
 * state's record, so the list holds for that record: the legal-action rules, the vote's early
 * close and the win check read it instead of looking every seat up by name (a keyed lookup per
 * seat per rule was a large part of listing legal actions). One entry: `alive` changes a few
 * times per game.
 */
// Measured with `cardsBySeat`'s (bench:engine instructions, games 1,001–2,000): 2,256,017 per bot game with both, 3,467,083 without.
let lastAlive: Seats["alive"] | null = null;
let lastPlayers: readonly PlayerId[] | null = null;
let lastLiving: readonly PlayerId[] = [];
let lastAliveBySeat: readonly boolean[] = [];

function readAlive(f: Seats): void {
  if (f.alive !== lastAlive || f.players !== lastPlayers) {
    const out: PlayerId[] = [];
    const bySeat: boolean[] = [];
    for (const p of f.players) {
      const alive = f.alive[p] === true;
      bySeat.push(alive);
      if (alive) out.push(p);
    }
    lastAlive = f.alive;
    lastPlayers = f.players;
    lastLiving = out;
    lastAliveBySeat = bySeat;
  }
}

export function livingOf(f: Seats): readonly PlayerId[] {
  readAlive(f);
  return lastLiving;
}

/** Whether each seat lives, by seat index (the same cache as `livingOf`). */
export function aliveBySeat(f: Seats): readonly boolean[] {
  readAlive(f);
  return lastAliveBySeat;
}

/** Each seat's card by seat index, for the last `roles` record asked about (it changes at most once a game). */
// Measured with `readAlive`'s above: 2,256,017 instructions per bot game with both, 3,467,083 without.
let lastRoles: WerewolfState["roles"] | null = null;
let lastRolePlayers: readonly PlayerId[] | null = null;
let lastCards: readonly (RoleId | null)[] = [];

export function cardsBySeat(s: Pick<WerewolfState, "players" | "roles">): readonly (RoleId | null)[] {
  if (s.roles !== lastRoles || s.players !== lastRolePlayers) {
    lastRoles = s.roles;
    lastRolePlayers = s.players;
    // A loop, not `.map((p) => s.roles[p])`: a closure over a parameter makes V8 allocate a context
    // on every call of the function, taken or not (this one runs for every legal-action listing).
    const cards: (RoleId | null)[] = [];
    for (const p of s.players) cards.push(s.roles[p] ?? null);
    lastCards = cards;
  }
  return lastCards;
}

/**
 * Living players in seat order but `a` and `b` (the actor, a blocked seat, a lover): a fresh list,
 * as the legal-action rules run for every seat in every step.
 */
export function livingExcept(f: Seats, a: PlayerId | null, b: PlayerId | null = null): PlayerId[] {
  const out: PlayerId[] = [];
  for (const p of livingOf(f)) if (p !== a && p !== b) out.push(p);
  return out;
}

/** How many players are alive. */
export const livingCount = (f: Seats): number => livingOf(f).length;

/** "Wolf 1", "Wolf 2", … by seat: the names the peeking Little Girl sees (C-GIRL-1). */
export function wolfAlias(s: Pick<WerewolfState, "wolves">, wolf: PlayerId): string {
  return `Wolf ${s.wolves.indexOf(wolf) + 1}`;
}

/** The living wolves, in seat order. */
export const livingWolves = (s: Pick<WerewolfState, "wolves" | "alive">): PlayerId[] => s.wolves.filter((w) => s.alive[w]);

/**
 * The wolves told that the Little Girl was caught. A game in progress at the deploy that began
 * keeping `girlKnownBy` has a state without it: its pack was told by a team event, which only the
 * living wolves read.
 */
export function toldOfGirl(s: Pick<WerewolfState, "girlKnownBy" | "wolves" | "alive">): readonly PlayerId[] {
  return s.girlKnownBy ?? livingWolves(s);
}
