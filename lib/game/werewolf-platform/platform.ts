// The werewolf mode's platform part (../core/platform.ts): lobby settings, bots, absence. It sits
// beside ../werewolf/ rather than inside it while that folder is rewritten (issue 24 item 1); the
// registry (../modes.ts) joins the two.
import type { ModePlatform } from "../core/platform";
import type { WerewolfView } from "../werewolf/types";
import { werewolfMissedTurns } from "./absence";
import { werewolfBot } from "./bot";
import { werewolfSettings } from "./settings";

export const werewolfPlatform: ModePlatform<WerewolfView> = {
  settings: werewolfSettings as ModePlatform["settings"],
  chatChannels: ["day", "wolves"],
  bot: werewolfBot,
  missedTurns: werewolfMissedTurns,
};
