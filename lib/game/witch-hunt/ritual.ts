// The ritual (WH-R35, WH-R36, WH-P4): each member secretly puts in one card from hand; witches may
// always put in Spoiled, the Crow once; a member with no option puts in Nothing. Success only if
// what is put in is exactly the required list.
import type { PlayerId } from "../core/types";
import { endGame } from "./end";
import { NONE, setPhase } from "./phase";
import { isWitch } from "./seats";
import { UNLOCKS } from "./tables";
import { emit, END, PUBLIC, toPlayer, type Tx } from "./tx";
import type { Ingredient, RitualItem, WitchHuntState } from "./types";
import { afterRitual } from "./win";

/** What `p` may put in now (P4, P6). */
export function ritualOptions(s: WitchHuntState, p: PlayerId): (Ingredient | "spoiled")[] {
  const out: (Ingredient | "spoiled")[] = [...new Set(s.hands[p])];
  if (isWitch(s, p) || (s.roles[p] === "crow" && s.crowSpoiled)) out.push("spoiled");
  return out;
}

export function applyPut(tx: Tx, p: PlayerId, item: RitualItem): void {
  const s = tx.s;
  if (item === "spoiled" && s.roles[p] === "crow") s.crowSpoiled = false;
  else if (item !== "spoiled" && item !== "nothing") {
    const i = s.hands[p].indexOf(item); // the oldest such card
    s.hands[p] = [...s.hands[p].slice(0, i), ...s.hands[p].slice(i + 1)];
  }
  s.puts[p] = item;
  emit(tx, "put", toPlayer(p), { item });
}

/** P4: an Absent member's card: the oldest, else Spoiled (witch) or Nothing (the Crow uses no ability, P12). */
export function autoPut(tx: Tx, p: PlayerId): void {
  const s = tx.s;
  applyPut(tx, p, s.hands[p][0] ?? (isWitch(s, p) ? "spoiled" : "nothing"));
}

export function enterRitual(tx: Tx): void {
  tx.s.puts = {};
  setPhase(tx, "ritual", NONE);
  for (const p of tx.s.proposal ?? []) if (!(p in tx.s.puts) && ritualOptions(tx.s, p).length === 0) applyPut(tx, p, "nothing");
}

const sameMultiset = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

export function closeRitual(tx: Tx): void {
  const s = tx.s;
  const members = s.proposal ?? [];
  const success = sameMultiset(
    members.map((p) => s.puts[p]),
    s.required,
  );
  emit(tx, "ritual_puts", END, { day: s.day, puts: s.puts }); // R44: secret until the end
  if (success) s.seals += 1;
  else s.failedRituals += 1;
  emit(tx, "ritual_result", PUBLIC, { day: s.day, success, seals: s.seals, failedRituals: s.failedRituals });
  // P5: unlocks are public.
  if (!success && s.failedRituals <= UNLOCKS.length) emit(tx, "spell_unlocked", PUBLIC, { spell: UNLOCKS[s.failedRituals - 1] });
  const verdict = afterRitual(s); // R12(a)
  if (verdict) return endGame(tx, verdict);
  setPhase(tx, "ritual.result", NONE);
}
