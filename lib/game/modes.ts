// Registry of game modes by id. Callers that need a mode's own types import the mode directly;
// the registry is for code that only routes by id (server, scenario CLI).
import type { GameMode } from "./core/types";
import { werewolf } from "./werewolf/mode";

export type AnyGameMode = GameMode<unknown, unknown, { type: string }, unknown>;

export const modes: Record<string, AnyGameMode> = {
  werewolf,
};

export function getMode(id: string): AnyGameMode | null {
  return Object.hasOwn(modes, id) ? modes[id] : null;
}
