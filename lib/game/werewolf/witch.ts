// S-WITCH-1..3, C-WITCH-1: one save and one poison per game. Standard: one choice per night.
// Classic: save and poison may both be used in one night; she may not save herself.
import type { EngineError, PlayerId } from "../core/types";
import { refuse } from "../core/result";
import { actorErrors, ALREADY_ACTED, nightActor } from "./checks";
import { emit, nightOf, toPlayer, type Tx } from "./events";
import { livingExcept } from "./roles";
import type { Facts, LegalAction } from "./types";

const SAVE = actorErrors("save", "witch", "night.witch");
const POISON = actorErrors("poison", "witch", "night.witch");
const NO_SAVE = refuse("NO_POTION", "Your save potion is used up.");
const NO_POISON = refuse("NO_POTION", "Your poison is used up.");
const NO_TARGET = refuse("INVALID_TARGET", "The wolves have no target tonight: there is nobody to save.");
const NOT_SELF = refuse("INVALID_TARGET", "You may not save yourself.");

export function saveRule(f: Facts): LegalAction | EngineError {
  // Classic lets her keep acting after one potion (C-WITCH-1); standard marks her done (S-WITCH-1).
  const no = nightActor(f, "witch", "night.witch", SAVE);
  if (no) return no;
  if (!f.potions?.save || f.tonight.save) return NO_SAVE;
  if (f.ruleset === "standard" && f.tonight.poison) return ALREADY_ACTED;
  const target = f.witchTarget?.target ?? null;
  if (target === null) return NO_TARGET;
  if (f.ruleset === "classic" && target === f.me) return NOT_SELF;
  return { type: "save", targets: [target] };
}

export function poisonRule(f: Facts): LegalAction | EngineError {
  const no = nightActor(f, "witch", "night.witch", POISON);
  if (no) return no;
  if (!f.potions?.poison || f.tonight.poison) return NO_POISON;
  if (f.ruleset === "standard" && f.tonight.save) return ALREADY_ACTED;
  // Classic lets her poison herself; standard does not.
  return { type: "poison", targets: livingExcept(f, f.ruleset === "classic" ? null : f.me) };
}

export function applySave(tx: Tx, me: PlayerId): void {
  const s = tx.s;
  s.potions = { save: false, poison: s.potions.poison };
  nightOf(tx).saved = true;
  if (s.config.ruleset === "standard") s.acted = [...s.acted, me];
  emit(tx, { type: "potion", audience: toPlayer(me), at: tx.now, day: s.day, kind: "save", target: s.night.target });
}

export function applyPoison(tx: Tx, me: PlayerId, target: PlayerId): void {
  const s = tx.s;
  s.potions = { save: s.potions.save, poison: false };
  nightOf(tx).poison = target;
  if (s.config.ruleset === "standard") s.acted = [...s.acted, me];
  emit(tx, { type: "potion", audience: toPlayer(me), at: tx.now, day: s.day, kind: "poison", target });
}

/**
 * S-WITCH-2: at the start of her step the living Witch learns the wolves' target (or that there is
 * none), but only while her save potion is unused; shown even if the Guard protected that player.
 */
export function tellWitch(tx: Tx): void {
  const s = tx.s;
  const witch = s.players.find((p) => s.roles[p] === "witch");
  if (witch === undefined || !s.alive[witch] || !s.potions.save) return;
  nightOf(tx).witchInfo = { witch, target: s.night.target };
  emit(tx, { type: "witch_target", audience: toPlayer(witch), at: tx.now, day: s.day, target: s.night.target });
}
