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

/** The night step in which a role acts (P-3 decides which steps are held, not who is alive). */
export const ACTS_IN: Partial<Record<RoleId, NightPhase>> = {
  thief: "night.thief",
  cupid: "night.cupid",
  wolf: "night.main",
  seer: "night.main",
  guard: "night.main",
  little_girl: "night.main",
  witch: "night.witch",
};

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

export const livingOf = (f: Pick<Facts, "players" | "alive">): PlayerId[] => livingExcept(f, null, null);

/**
 * Living players in seat order but `a` and `b` (the actor, a blocked seat, a lover): one pass and
 * one list, as the legal-action rules run for every seat in every step.
 */
export function livingExcept(f: Pick<Facts, "players" | "alive">, a: PlayerId | null, b: PlayerId | null = null): PlayerId[] {
  const out: PlayerId[] = [];
  for (const p of f.players) if (f.alive[p] && p !== a && p !== b) out.push(p);
  return out;
}

/** How many players are alive. */
export function livingCount(f: Pick<Facts, "players" | "alive">): number {
  let n = 0;
  for (const p of f.players) if (f.alive[p]) n++;
  return n;
}

/** "Wolf 1", "Wolf 2", … by seat: the names the peeking Little Girl sees (C-GIRL-1). */
export function wolfAlias(s: Pick<WerewolfState, "wolves">, wolf: PlayerId): string {
  return `Wolf ${s.wolves.indexOf(wolf) + 1}`;
}
