// The werewolf bot as the platform runs it (lib/server/bots): the brain (bot.ts) with
// the bot's talk style, and the pace of a werewolf table — when in each phase people first act, and
// "ready to vote" as the end of one's say in the day's discussion.
import type { ModeBot } from "../core/platform";
import { chooseAction } from "./bot";
import { viewerAccess } from "./view";
import { styleOfPersona } from "./bot-style";
import type { WerewolfView } from "./types";

/**
 * Where a bot's first action of a phase falls, as shares of the phase's length. [decision] Say
 * something in the first part of the day (the ready comes later: pace.ts READY_WINDOW); vote after a
 * look at the others; night picks anywhere but the last seconds; a Hunter's shot or a badge's
 * successor after a moment's thought (those phases end early).
 */
const FIRST_WINDOW: Record<string, readonly [number, number]> = {
  day: [0.05, 0.3],
  vote: [0.1, 0.4],
  "sheriff.election": [0.1, 0.4],
  hunter: [0.15, 0.6],
  "sheriff.succession": [0.15, 0.6],
};
/** Night steps (`night.*`) and anything new. */
const NIGHT_WINDOW: readonly [number, number] = [0.1, 0.8];

/** True when at least one person lives and every living person is ready (issue 22 item 1). */
function peopleReady(view: WerewolfView, bots: ReadonlySet<string>): boolean {
  let person = false;
  for (const p of view.players) {
    if (bots.has(p) || view.alive[p] !== true) continue;
    if (!view.ready.includes(p)) return false;
    person = true;
  }
  return person;
}

export const werewolfBot: ModeBot<WerewolfView> = {
  choose: (view, rng, persona) => chooseAction({ ...view, style: styleOfPersona(persona) }, rng),
  access: viewerAccess,
  firstWindow: (phase) => (Object.hasOwn(FIRST_WINDOW, phase) ? FIRST_WINDOW[phase] : NIGHT_WINDOW),
  isReady: (action) => action.type === "ready_to_vote",
  peopleReady,
};
