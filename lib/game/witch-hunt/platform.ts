// The Catch-the-Witch platform part (../core/platform.ts): lobby settings, bots, absence; the
// registry (../modes.ts) joins it to the rules engine (mode.ts).
import type { ModeBot, ModePlatform } from "../core/platform";
import { botAction } from "./bot";
import { witchHuntMissedTurns } from "./missed-turns";
import { witchHuntSettings } from "./settings";
import type { WitchHuntView } from "./types";
import { legalOfView } from "./view-legal";
import { viewerAccess } from "./view";
import { witchHuntEnd } from "./winners";

/**
 * Where a bot's first action of a step falls, as shares of its length (timed steps; untimed ones
 * wait a think time). [decision] The witches' 15 s: locations early, spells after a look (the
 * step lasts 15 s whatever they do, so this is seen by the coven alone); the guarding Guard's
 * location within the first half of his fixed 20 s (seen by him alone); picks and votes after a look
 * at the table; the discussion's end comes late (pace.ts READY_WINDOW).
 */
const FIRST_WINDOW: Record<string, readonly [number, number]> = {
  "day.witch": [0.05, 0.45],
  "day.pick": [0.1, 0.5],
  "day.guard": [0.1, 0.5],
  discussion: [0.05, 0.3],
  proposal: [0.1, 0.4],
  yesno: [0.1, 0.4],
  vote: [0.1, 0.4],
};
const OTHER_WINDOW: readonly [number, number] = [0.1, 0.6];

/** True when at least one person is in human form and every such person has ended the discussion. */
function peopleReady(view: WitchHuntView, bots: ReadonlySet<string>): boolean {
  if (view.phase !== "discussion") return false;
  const people = view.players.filter((p) => !bots.has(p) && view.form[p] === "human");
  return people.length > 0 && people.every((p) => view.done.includes(p));
}

export const witchHuntBot: ModeBot<WitchHuntView> = {
  choose: (view, rng) => botAction(view, legalOfView(view), rng),
  access: viewerAccess,
  firstWindow: (phase) => (Object.hasOwn(FIRST_WINDOW, phase) ? FIRST_WINDOW[phase] : OTHER_WINDOW),
  isReady: (action) => action.type === "end_discussion",
  peopleReady,
};

export const witchHuntPlatform: ModePlatform<WitchHuntView> = {
  settings: witchHuntSettings as ModePlatform["settings"],
  chatChannels: ["table", "coven"],
  bot: witchHuntBot,
  missedTurns: witchHuntMissedTurns,
  end: witchHuntEnd,
};
