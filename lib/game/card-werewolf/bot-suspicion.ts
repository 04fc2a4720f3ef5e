// A Village bot's reading of the public plays: how likely each player is on the Werewolf team,
// weighing every team the table could have (the role table is public, CW-P1) by how well it
// explains who gave Votes to whom. Werewolves pile Votes on the Village and almost never on one
// another; a Villager's Votes go anywhere. Only this seat's view is read.
import type { PlayerId } from "../core/types";
import { rolesFor } from "./tables";
import type { CardWerewolfView } from "./types";

/** How much likelier a Werewolf's Vote is to land on one Village player than a Villager's on anyone. */
const WOLF_ON_WOLF = 0.05;

/** Every k-subset of `pool` that contains `must`, passed to `visit`. */
function subsets(pool: PlayerId[], k: number, must: Set<PlayerId>, visit: (s: Set<PlayerId>) => void): void {
  const chosen: PlayerId[] = [];
  const walk = (from: number) => {
    if (chosen.length === k) {
      const s = new Set(chosen);
      for (const m of must) if (!s.has(m)) return;
      visit(s);
      return;
    }
    for (let i = from; i <= pool.length - (k - chosen.length); i++) {
      chosen.push(pool[i]);
      walk(i + 1);
      chosen.pop();
    }
  };
  walk(0);
}

/**
 * P(player is on the Werewolf team) for a Village-team seat, from: its own role (it is not), the
 * players it knows are Village (`good`: Night victims, the Seer's and the Angel's findings), those
 * it knows are Werewolf team (`bad`), and the Votes everyone has given. Null when no team fits.
 */
export function wolfOdds(v: CardWerewolfView, good: Set<PlayerId>, bad: Set<PlayerId>): Record<PlayerId, number> | null {
  if (!v.config) return null;
  const team = rolesFor(v.players.length, v.config.angel !== "none", v.config.traitor).filter((r) => r === "werewolf" || r === "traitor").length;
  const pool = v.players.filter((p) => p !== v.me && !good.has(p));
  if (pool.length < team) return null;
  const acts: [PlayerId, PlayerId, number][] = [];
  for (const [by, to] of Object.entries(v.given)) for (const [t, n] of Object.entries(to)) if (n > 0) acts.push([by, t, n]);
  const n = v.players.length;
  const mass: Record<PlayerId, number> = {};
  for (const p of v.players) mass[p] = 0;
  let total = 0;
  subsets(pool, team, bad, (s) => {
    // Each Vote given: a Werewolf's lands on one of the n - team Village players (or, rarely, a
    // partner); a Villager's on any of the other n - 1 players.
    let w = 1;
    for (const [by, t, k] of acts) {
      const each = s.has(by) ? (s.has(t) ? WOLF_ON_WOLF / (team - 1 || 1) : 1 / (n - team)) : 1 / (n - 1);
      w *= each ** k * (n - 1) ** k;
    }
    total += w;
    for (const p of s) mass[p] += w;
  });
  if (total === 0) return null;
  for (const p of v.players) mass[p] /= total;
  return mass;
}
