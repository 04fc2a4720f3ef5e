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

/** A mode's engine and platform part, typed as the registry holds them (it routes by id only). */
const register = <C, S, A extends { type: string }, V>(mode: GameMode<C, S, A, V>, platform: ModePlatform<V>): RegisteredMode => ({ ...(mode as unknown as AnyGameMode), ...platform }) as RegisteredMode;

export const modes: Record<string, RegisteredMode> = {
  werewolf: register(werewolf, werewolfPlatform),
  "witch-hunt": register(witchHunt, witchHuntPlatform),
  "card-werewolf": register(cardWerewolf, cardWerewolfPlatform),
};

/** The mode of a new room. */
export const DEFAULT_MODE = "werewolf";

export function getMode(id: string): RegisteredMode | null {
  return Object.hasOwn(modes, id) ? modes[id] : null;
}
