// What this seat may do now in Catch the Witch, and what the screens say about steps: the choices
// are the engine's own rules read from the seat's view (lib/game/witch-hunt/view-legal.ts, equal to
// the engine's legal list: its property test checks it).
import { legalOfView } from "@/lib/game/witch-hunt/view-legal";
import { KNIGHT_DAY } from "@/lib/game/witch-hunt/tables";
import type { PlayerId } from "@/lib/game/core/types";
import type { ActionType, Phase, WitchHuntLegal, WitchHuntView } from "@/lib/game/witch-hunt/types";

/** A step's message key: "day.pick" → "day_pick" (message keys hold no dots). */
type Underscored<S extends string> = S extends `${infer A}.${infer B}` ? `${A}_${B}` : S;
export type PhaseKey = Underscored<Phase>;
export const phaseKey = (p: Phase): PhaseKey => p.replace(".", "_") as PhaseKey;

/** Confirm scenes: every player taps, frogs and expelled cats included (WH-R26). */
export const SCENES: readonly Phase[] = ["start", "evening", "yesno.result", "ritual.result", "vote.result"];

export const isKnightDay = (v: WitchHuntView): boolean => v.day === KNIGHT_DAY;

/** The seat's choices now (the host's Absent mark is the room's business, not the step panel's). */
export const choicesOf = (v: WitchHuntView): WitchHuntLegal[] => (v.players.includes(v.me) ? legalOfView(v).filter((c) => c.type !== "mark_absent") : []);

export const choiceOf = (v: WitchHuntView, type: ActionType): WitchHuntLegal | undefined => choicesOf(v).find((c) => c.type === type);

/** A step waits for this seat (the turn alert and the tab title); abilities do not count. */
export const hasTurn = (v: WitchHuntView): boolean => choicesOf(v).some((c) => c.type !== "inspect" && c.type !== "steal");

/**
 * The cue of a step that is this seat's to act in, or null. The witches' and the Guard's steps
 * never chime: a phone ringing then would tell the table who holds the role.
 */
export function cueOf(v: WitchHuntView): string | null {
  if (v.phase === "ended" || v.phase === "day.witch" || v.phase === "day.guard") return null;
  return hasTurn(v) ? `${v.day}:${v.phase}:${v.chief ?? ""}` : null;
}

/** Steps with a timer when the room's time limit is on (WH-P8): their deadline moves them on. */
const TIMED: readonly Phase[] = ["day.pick", "discussion", "proposal", "yesno", "vote"];

/**
 * Who the host may mark Absent now (WH-R14, WH-R24, WH-R26, WH-P12): whoever an untimed step may be
 * waiting for, as far as the host's own view tells. Who has picked or voted is secret, so there
 * every human-form cat is offered; the fixed steps (the Guard's, the witches', the quarrel) wait
 * for nobody.
 */
export function absentCandidates(v: WitchHuntView): PlayerId[] {
  const human = (p: PlayerId) => v.form[p] === "human";
  const open = (p: PlayerId) => !v.done.includes(p);
  const waits = (): PlayerId[] => {
    if (SCENES.includes(v.phase)) return v.players.filter(open);
    if (v.timed && TIMED.includes(v.phase)) return [];
    switch (v.phase) {
      case "day.pick":
      case "yesno":
      case "vote":
        return v.players.filter(human);
      case "discussion":
        return v.players.filter((p) => human(p) && open(p));
      case "proposal":
        return v.chief !== null && v.proposal === null ? [v.chief] : [];
      case "ritual":
        return v.proposal ?? [];
      default:
        return [];
    }
  };
  return waits().filter((p) => !v.absent.includes(p));
}
