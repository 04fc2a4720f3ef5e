// The card game's platform part (../core/platform.ts): lobby settings, bots, absence; the registry
// (../modes.ts) joins it to the rules engine (mode.ts).
import type { ModeBot, ModePlatform } from "../core/platform";
import { botAction } from "./bot";
import { cardWerewolfMissedTurns } from "./missed-turns";
import { cardWerewolfSettings } from "./settings";
import type { CardWerewolfView } from "./types";
import { legalOfView } from "./view-legal";
import { viewerAccess } from "./view";
import { cardWerewolfEnd } from "./winners";

/**
 * Where a bot's move falls, as shares of its step's length. [decision] A turn (60 s, CW-P11) is
 * played after a short look at the table; the Seer's choice (30 s) and the Identification choices
 * (15 s / 30 s, CW-P9) likewise. Every step ends at the move, so a bot's pace is all anyone sees of it.
 */
const FIRST_WINDOW: Record<string, readonly [number, number]> = {
  day: [0.04, 0.2],
  "day.seer": [0.08, 0.3],
  "identify.wolves": [0.1, 0.4],
  "identify.angel": [0.08, 0.3],
};
const OTHER_WINDOW: readonly [number, number] = [0.1, 0.4];

export const cardWerewolfBot: ModeBot<CardWerewolfView> = {
  choose: (view, rng) => botAction(view, legalOfView(view), rng),
  access: viewerAccess,
  firstWindow: (phase) => (Object.hasOwn(FIRST_WINDOW, phase) ? FIRST_WINDOW[phase] : OTHER_WINDOW),
};

export const cardWerewolfPlatform: ModePlatform<CardWerewolfView> = {
  settings: cardWerewolfSettings as ModePlatform["settings"],
  chatChannels: ["table", "wolves"],
  bot: cardWerewolfBot,
  missedTurns: cardWerewolfMissedTurns,
  end: cardWerewolfEnd,
};
