// Registry of game modes by id: each mode's engine (`GameMode`) joined with its platform part
// (settings, bots, absence: core/platform.ts). Callers that need a mode's own types import the
// mode directly; the registry is for code that only routes by id (server, scenario CLI). A new
// mode is one line here.
import type { ModePlatform } from "./core/platform";
import type { GameMode } from "./core/types";
import { cardWerewolf } from "./card-werewolf/mode";
import { cardWerewolfPlatform } from "./card-werewolf/platform";
import { werewolf } from "./werewolf/mode";
import { werewolfPlatform } from "./werewolf/platform";
import { witchHunt } from "./witch-hunt/mode";
import { witchHuntPlatform } from "./witch-hunt/platform";

export type AnyGameMode = GameMode<unknown, unknown, { type: string }, unknown>;

/** A mode as the platform sees it: its engine and its (optional) platform part. */
export type RegisteredMode = AnyGameMode & ModePlatform;

export const modes: Record<string, RegisteredMode> = {
  werewolf: { ...(werewolf as unknown as AnyGameMode), ...werewolfPlatform } as RegisteredMode,
  "witch-hunt": { ...(witchHunt as unknown as AnyGameMode), ...witchHuntPlatform } as RegisteredMode,
  "card-werewolf": { ...(cardWerewolf as unknown as AnyGameMode), ...cardWerewolfPlatform } as RegisteredMode,
};

/** The mode of a new room. */
export const DEFAULT_MODE = "werewolf";

export function getMode(id: string): RegisteredMode | null {
  return Object.hasOwn(modes, id) ? modes[id] : null;
}
