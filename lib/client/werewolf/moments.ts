// The game's moments, worked out from the public part of a view only: which full-screen moment
// (night falls / day breaks) belongs to the current phase and what it announces, and when a
// player's turn begins. Nothing here reads a field the rules keep private from anyone.
import type { PlayerId } from "@/lib/game/core/types";
import type { PhaseId, WerewolfView } from "@/lib/game/werewolf/types";

export type MomentView = Pick<WerewolfView, "phase" | "day" | "deaths" | "tallies">;

export type Moment =
  | { kind: "dusk"; key: string; day: number; vote: { out: PlayerId | null } | null; others: PlayerId[] }
  | { kind: "dawn"; key: string; day: number; dead: PlayerId[] };

/** Night steps are one night; the discussion, vote, shots and Sheriff steps are one day. */
const segmentOf = (phase: PhaseId): "night" | "day" | null =>
  phase === "ended" ? null : phase.startsWith("night.") ? "night" : "day";

/** The key a device remembers so a reload never replays a moment it already showed. */
export function momentKey(v: Pick<WerewolfView, "phase" | "day">): string | null {
  const seg = segmentOf(v.phase);
  return seg && `${seg}:${v.day}`;
}

/**
 * Day N breaks with the dawn deaths of night N, names only (S-NIGHT-RESOLVE); night N falls with
 * the end of day N−1: the vote's outcome (S-VOTE-5) and whoever died after it (a shot, a lover).
 */
export function momentOf(v: MomentView): Moment | null {
  const key = momentKey(v);
  if (!key) return null;
  if (key.startsWith("day")) {
    const dead = v.deaths.filter((d) => d.day === v.day && d.when === "dawn").flatMap((d) => d.players);
    return { kind: "dawn", key, day: v.day, dead };
  }
  const prev = v.day - 1;
  const tally = v.tallies.filter((t) => t.day === prev && t.kind !== "sheriff").at(-1);
  const voteAt = v.deaths.findLastIndex((d) => d.day === prev && d.when === "vote");
  const others = voteAt < 0 ? [] : v.deaths.slice(voteAt + 1).filter((d) => d.day === prev).flatMap((d) => d.players);
  return { kind: "dusk", key, day: v.day, vote: tally ? { out: tally.result } : null, others };
}

export type CueView = Pick<WerewolfView, "phase" | "day" | "candidates" | "ended" | "legal" | "alive" | "me">;

/** The player has something to do now (an action other than chat). Shown only on their own screen. */
export const hasTurn = (v: Pick<WerewolfView, "legal" | "ended">): boolean => !v.ended && v.legal.some((a) => a.type !== "chat");

/**
 * When a phone may sound or buzz: once per step. At night every living player is cued at every
 * night step whether or not they act, so a phone buzzing across the table tells nobody its owner's
 * role; by day only the turns everyone can see coming (discussion, vote, the named Hunter).
 */
export function cueKey(v: CueView): string | null {
  if (v.ended) return null;
  const step = `${v.phase}:${v.day}:${v.candidates ? "re" : ""}`;
  if (v.phase.startsWith("night.")) return v.alive[v.me] === false ? null : step;
  return hasTurn(v) ? step : null;
}
