// What this seat may do now in Catch the Witch, read from its view alone (the view carries no
// legal list): the same rules as lib/game/witch-hunt/legal.ts where the view knows enough. Where it
// does not (a Seer's check or a theft already made today, a card already put in), the screen
// remembers its own accepted action and the server's ALREADY_ACTED says the rest.
import { hexLimit, KNIGHT_DAY, openLocations } from "@/lib/game/witch-hunt/tables";
import type { Ingredient, Location, Phase, Spell, WitchHuntView } from "@/lib/game/witch-hunt/types";

/** A step's message key: "day.pick" → "day_pick" (message keys hold no dots). */
type Underscored<S extends string> = S extends `${infer A}.${infer B}` ? `${A}_${B}` : S;
export type PhaseKey = Underscored<Phase>;
export const phaseKey = (p: Phase): PhaseKey => p.replace(".", "_") as PhaseKey;

export type Choice =
  | { type: "ready" | "ok" | "end_discussion" | "guard" | "approve" }
  | { type: "pick" | "guard_location" | "witch_location"; locations: Location[] }
  | { type: "heal" | "inspect" | "steal" | "vote"; targets: (string | null)[] }
  | { type: "cast"; spells: { spell: Spell; targets: string[] | null }[] }
  | { type: "propose"; targets: string[]; size: number }
  | { type: "put"; items: (Ingredient | "spoiled")[] };

/** Confirm scenes: every player taps, frogs and expelled cats included (WH-R26). */
export const SCENES: readonly Phase[] = ["start", "evening", "yesno.result", "ritual.result", "vote.result"];
/** WH-R27: the Seer from the Evening until the vote. */
const SEER_WINDOW: readonly Phase[] = ["evening", "discussion", "proposal", "yesno", "yesno.result", "ritual", "ritual.result", "quarrel"];

export const humans = (v: WitchHuntView): string[] => v.players.filter((p) => v.form[p] === "human");
export const frogsOf = (v: WitchHuntView): string[] => v.players.filter((p) => v.form[p] === "frog");
export const isWitchSeat = (v: WitchHuntView, p: string): boolean => v.witches.includes(p);
export const isKnightDay = (v: WitchHuntView): boolean => v.day === KNIGHT_DAY;
/** The open locations (the game's first event says; the table size says the same, WH-P3). */
export const openOf = (v: WitchHuntView): Location[] => (v.open.length > 0 ? v.open : openLocations(v.players.length));
/** WH-P6: the Pickpocket's window closes when the day's first yes/no vote opens. */
const yesnoOpenedToday = (v: WitchHuntView): boolean => v.yesnoResults.some((r) => r.day === v.day) || !["evening", "discussion", "proposal"].includes(v.phase);

function phaseChoice(v: WitchHuntView): Choice[] {
  const me = v.me;
  if (SCENES.includes(v.phase)) return v.done.includes(me) ? [] : [{ type: v.phase === "start" ? "ready" : "ok" }];
  if (v.form[me] !== "human") return [];
  const witch = v.role === "witch";
  switch (v.phase) {
    case "day.pick": {
      if (witch || (v.role === "guard" && v.guarding)) return [];
      const out: Choice[] = [{ type: "pick", locations: openOf(v) }];
      if (v.role === "guard") out.push({ type: "guard" });
      const healable = frogsOf(v).filter((f) => f !== me);
      if (v.role === "healer" && healable.length > 0) out.push({ type: "heal", targets: healable });
      return out;
    }
    case "day.guard":
      return v.role === "guard" && v.guarding && v.myPick === null ? [{ type: "guard_location", locations: openOf(v) }] : [];
    case "day.witch": {
      if (!witch) return [];
      if (v.myLocation === null) return [{ type: "witch_location", locations: openOf(v) }];
      const spells: { spell: Spell; targets: string[] | null }[] = [];
      const hex = v.hexUsed < hexLimit(v.failedRituals) ? v.here.filter((p) => v.form[p] === "human") : [];
      if (hex.length > 0) spells.push({ spell: "frog_hex", targets: hex });
      if (v.unlocked.includes("blight")) spells.push({ spell: "blight", targets: null });
      const disguise = v.witches.filter((w) => v.form[w] !== "expelled");
      if (v.unlocked.includes("disguise") && disguise.length > 0) spells.push({ spell: "disguise", targets: disguise });
      return spells.length > 0 ? [{ type: "cast", spells }] : [];
    }
    case "discussion":
      return v.done.includes(me) ? [] : [{ type: "end_discussion" }];
    case "proposal":
      return v.chief === me && v.proposal === null ? [{ type: "propose", targets: humans(v), size: v.required.length }] : [];
    case "yesno":
      return [{ type: "approve" }];
    case "ritual": {
      if (!v.proposal?.includes(me)) return [];
      const items: (Ingredient | "spoiled")[] = [...new Set(v.hand)];
      if (witch || (v.role === "crow" && v.crowSpoiled)) items.push("spoiled");
      return [{ type: "put", items }];
    }
    case "vote":
      return [{ type: "vote", targets: [...humans(v).filter((t) => t !== me), null] }];
    default:
      return [];
  }
}

/** The seat's choices now: the step's own, then the Seer's or Pickpocket's ability in its window. */
export function choicesOf(v: WitchHuntView): Choice[] {
  if (v.phase === "ended" || !v.players.includes(v.me)) return [];
  const out = phaseChoice(v);
  if (v.form[v.me] !== "human") return out;
  if (v.role === "seer" && SEER_WINDOW.includes(v.phase)) out.push({ type: "inspect", targets: v.players.filter((t) => t !== v.me && v.form[t] !== "expelled" && !(t in v.seerResults)) });
  if (v.role === "pickpocket" && !yesnoOpenedToday(v)) out.push({ type: "steal", targets: humans(v).filter((t) => t !== v.me) });
  return out;
}

/** A step waits for this seat (the turn alert and the tab title). */
export const hasTurn = (v: WitchHuntView): boolean => choicesOf(v).some((c) => c.type !== "inspect" && c.type !== "steal");

/** The cue of a step that is this seat's to act in, or null: nobody learns a role from a chime. */
export function cueOf(v: WitchHuntView): string | null {
  if (v.phase === "ended" || v.phase === "day.witch" || v.phase === "day.guard") return null;
  return hasTurn(v) ? `${v.day}:${v.phase}:${v.chief ?? ""}` : null;
}
