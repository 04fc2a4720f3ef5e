// The werewolf mode's platform part (../core/platform.ts): lobby settings, bots, absence; the
// registry (../modes.ts) joins it to the rules engine.
import type { ModePlatform } from "../core/platform";
import type { WerewolfView } from "./types";
import { werewolfMissedTurns } from "./absence";
import { werewolfBot } from "./platform-bot";
import { werewolfSettings } from "./settings";

export const werewolfPlatform: ModePlatform<WerewolfView> = {
  settings: werewolfSettings as ModePlatform["settings"],
  chatChannels: ["day", "wolves"],
  bot: werewolfBot,
  missedTurns: werewolfMissedTurns,
  // S-END-1: the end event names the winners (the lovers' pair included).
  end: {
    eventType: "game_end",
    winners: (payload) => (payload.winners as string[] | undefined) ?? [],
    byHost: (payload) => typeof payload.endedBy === "string",
  },
};
