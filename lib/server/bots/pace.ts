// Human-like pacing: a bot "thinks" 1–N seconds before acting, drawn from a seeded RNG so a bot
// game can be replayed, scaled by the game's public time scale like every phase length, and never
// so long that it would miss the phase (at most half of the time left).
import { nextInt, seedRng, type RngState } from "../../game/core/rng";

export const THINK_MIN_MS = 1_000;
export const THINK_MAX_MS = 4_000;

/** FNV-1a: a stable 32-bit seed from the bot and game ids. */
export function seedFor(...parts: string[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join("|")) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const botRng = (botId: string, gameId: string): RngState => seedRng(seedFor(botId, gameId));

export function thinkDelay(rng: RngState, timeScale: number, now: number, deadline: number | null): number {
  const scale = Number.isFinite(timeScale) && timeScale > 0 ? timeScale : 1;
  const ms = (THINK_MIN_MS + nextInt(rng, THINK_MAX_MS - THINK_MIN_MS + 1)) * scale;
  const left = deadline === null ? Infinity : Math.max(0, deadline - now);
  return Math.round(Math.min(ms, left / 2));
}
