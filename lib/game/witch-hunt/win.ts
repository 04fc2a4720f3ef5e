// The win conditions (WH-R5–WH-R11) and the order they are checked in (WH-R12).
import type { PlayerId } from "../core/types";
import { isWitch } from "./seats";
import { SEALS_NEEDED } from "./tables";
import type { WitchHuntState, Winner } from "./types";

type S = Pick<WitchHuntState, "players" | "roles" | "form" | "seals">;
export interface Verdict {
  winner: Winner;
  reason: string;
}

const witches = (s: S) => s.players.filter((p) => isWitch(s, p));

/** WH-R5. */
export const sealComplete = (s: S): boolean => s.seals >= SEALS_NEEDED;
/** WH-R6. */
export const allWitchesExpelled = (s: S): boolean => witches(s).every((p) => s.form[p] === "expelled");
/** WH-R7: every non-expelled witch is a frog (there is at least one). */
export function allRemainingWitchesFrogs(s: S): boolean {
  const left = witches(s).filter((p) => s.form[p] !== "expelled");
  return left.length > 0 && left.every((p) => s.form[p] === "frog");
}
/** WH-R9: human non-witches ≤ human witches, with at least one human witch (Crow and Clown count as non-witches). */
export function witchesTakeVillage(s: S): boolean {
  let w = 0;
  let others = 0;
  for (const p of s.players) {
    if (s.form[p] !== "human") continue;
    if (isWitch(s, p)) w++;
    else others++;
  }
  return w > 0 && others <= w;
}

/** WH-R12(a): when the ritual ends. */
export const afterRitual = (s: S): Verdict | null => (sealComplete(s) ? { winner: "village", reason: "seal" } : null);

/** WH-R12(b): when Daytime ends, after attacks and recovery. */
export function afterDaytime(s: S): Verdict | null {
  if (allRemainingWitchesFrogs(s)) return { winner: "village", reason: "all_witches_frogs" };
  if (witchesTakeVillage(s)) return { winner: "witches", reason: "witches_take_village" };
  return null;
}

/** WH-R12(c): when the vote ends; `expelled` is who it expelled, `knight` whether it was the Knight day. */
export function afterVote(s: S, expelled: PlayerId | null, knight: boolean): Verdict | null {
  if (expelled !== null && s.roles[expelled] === "clown") return { winner: "clown", reason: "clown_expelled" };
  if (knight) return expelled !== null && isWitch(s, expelled) ? { winner: "village", reason: "knight_vote" } : { winner: "witches", reason: "knight_vote_failed" };
  if (allWitchesExpelled(s)) return { winner: "village", reason: "all_witches_expelled" };
  if (allRemainingWitchesFrogs(s)) return { winner: "village", reason: "all_witches_frogs" };
  if (witchesTakeVillage(s)) return { winner: "witches", reason: "witches_take_village" };
  return null;
}
