// Player counts the werewolf rules allow (S-START-1, C-SETUP-1), for the lobby's start hint; the
// server has the final word (the mode's canStart).
import type { RoomSettings } from "@/lib/client/room-types";
import type { WerewolfSettings } from "@/lib/game/werewolf/settings";

const allowed = { standard: [8, 9], classic: [8, 18] } as const;

/** The smallest and largest table of these settings. */
export function werewolfPlayerCounts(settings: RoomSettings): readonly [number, number] {
  const { ruleset } = settings as unknown as Pick<WerewolfSettings, "ruleset">;
  return allowed[ruleset] ?? allowed.standard;
}
