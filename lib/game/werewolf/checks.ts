// Preconditions shared by the action rules. Refusals are built once per rule at module load: the
// rules run for every action and for every legal-action listing (bots, views), so the hot path
// allocates nothing when refusing.
import type { EngineError } from "../core/types";
import { refuse } from "../core/result";
import type { Facts, PhaseId, RoleId } from "./types";

const PHASE_NAMES: Partial<Record<PhaseId, string>> = {
  "night.thief": "the Thief's step",
  "night.cupid": "Cupid's step",
  "night.main": "the night",
  "night.witch": "the Witch's step",
  hunter: "the Hunter's shot",
  day: "the day",
  vote: "the vote",
  "sheriff.election": "the Sheriff election",
  "sheriff.succession": "the Sheriff's succession",
};

export const NOT_ALIVE = Object.freeze(refuse("NOT_ALIVE", "Dead players cannot act."));
export const ALREADY_ACTED = Object.freeze(refuse("ALREADY_ACTED", "You have already acted in this step."));

export const wrongPhase = (what: string, phases: readonly PhaseId[]): EngineError =>
  Object.freeze(refuse("WRONG_PHASE", `You can ${what} only during ${phases.map((p) => PHASE_NAMES[p] ?? p).join(" or ")}.`));

export interface ActorErrors {
  phase: EngineError;
  role: EngineError;
}

export function actorErrors(what: string, role: RoleId, phase: PhaseId): ActorErrors {
  return {
    phase: wrongPhase(what, [phase]),
    role: Object.freeze(refuse("NOT_YOUR_TURN", `Only the ${role.replace("_", " ")} can ${what}.`)),
  };
}

/**
 * A living player acting in their role's night step, at most once (P-1, P-4, P-6) — or, with
 * `again`, as often as they like while the step lasts (a wolf's pick, S-WOLF-3).
 */
export function nightActor(f: Facts, role: RoleId, phase: PhaseId, e: ActorErrors, again = false): EngineError | null {
  if (f.phase !== phase) return e.phase;
  if (f.myRole !== role) return e.role;
  if (!f.alive[f.me]) return NOT_ALIVE;
  if (f.done && !again) return ALREADY_ACTED;
  return null;
}
