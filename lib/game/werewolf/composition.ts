// S-START-1/2, C-SETUP-1/2: who may start, and the deck of role cards for a player count.
import type { EngineError, PlayerId, Result } from "../core/types";
import { err, ok } from "../core/types";
import { refuse } from "../core/result";
import type { RoleId, WerewolfConfig } from "./types";

/** C-SETUP-1 [decision, from the original table]: 8–11 → 2, 12–17 → 3, 18 → 4 wolves. */
function classicWolves(n: number): number {
  return n >= 18 ? 4 : n >= 12 ? 3 : 2;
}

export function playerRange(config: WerewolfConfig): { min: number; max: number } {
  return config.ruleset === "standard" ? { min: 8, max: 9 } : { min: 8, max: 18 };
}

/** The cards for `n` players, including the Thief's two extra Villagers (dealt n, 2 in the middle). */
export function deckFor(config: WerewolfConfig, n: number): RoleId[] | EngineError {
  const { min, max } = playerRange(config);
  if (!Number.isInteger(n) || n < min || n > max) {
    return refuse("BAD_PLAYER_COUNT", `This game needs ${min === 8 && max === 9 ? "8 or 9" : `${min}–${max}`} players (you have ${n}).`);
  }
  const deck: RoleId[] = [];
  if (config.ruleset === "standard") {
    add(deck, "wolf", n === 9 ? 3 : 2);
    deck.push("seer", "guard", "witch", "hunter");
    add(deck, "villager", n - deck.length);
    return deck;
  }
  add(deck, "wolf", classicWolves(n));
  deck.push("seer");
  for (const r of config.roles) deck.push(r);
  if (deck.length > n) return refuse("BAD_CONFIG", `Too many roles for ${n} players: remove an optional role.`);
  add(deck, "villager", n - deck.length + (config.roles.includes("thief") ? 2 : 0));
  return deck;
}

function add(deck: RoleId[], role: RoleId, count: number): void {
  for (let i = 0; i < count; i++) deck.push(role);
}

/** Whether an id appears twice (pairwise: a table has at most a few dozen seats, and a Set costs more). */
function seatedTwice(players: readonly PlayerId[]): boolean {
  for (let i = 1; i < players.length; i++) for (let j = 0; j < i; j++) if (players[i] === players[j]) return true;
  return false;
}

export function canStart(config: WerewolfConfig, players: PlayerId[]): Result<true> {
  if (!Array.isArray(players) || players.some((p) => typeof p !== "string" || p.length === 0)) {
    return err("NOT_A_PLAYER", "Players must be non-empty ids.");
  }
  if (seatedTwice(players)) return err("NOT_A_PLAYER", "A player is seated twice.");
  const deck = deckFor(config, players.length);
  return Array.isArray(deck) ? ok(true) : { ok: false, error: deck };
}

export function countRoles(roles: readonly RoleId[]): Partial<Record<RoleId, number>> {
  const counts: Partial<Record<RoleId, number>> = {};
  for (const r of roles) counts[r] = (counts[r] ?? 0) + 1;
  return counts;
}
