// Human-like pacing: a bot "thinks" 1–N seconds before each action, scaled by the game's public
// time scale like every phase length, and never so long that it would miss the phase (at most half
// of the time left).
//
// Issue 28: the seeds come from a server secret (never from public ids alone: anyone could then
// replay a bot's draws), and a think time is a function of the secret, the bot, the game, the phase
// and how many actions the bot took in it — never of a stream its choices also draw from. A shared
// stream made the delay before a bot's first public move of the day tell how much it had drawn at
// night, that is its role.
import { nextInt, seedRng, type RngState } from "../../game/core/rng";

export const THINK_MIN_MS = 1_000;
export const THINK_MAX_MS = 4_000;

/** FNV-1a: a stable 32-bit hash of some strings (mixing, not secrecy). */
export function seedFor(...parts: string[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join("|")) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A bot's two seeds in one game: one for its think times, one for its choices. */
export interface BotSeeds {
  pace: number;
  choice: number;
}

const encoder = new TextEncoder();

/** 32 bits of HMAC-SHA-256(secret, label|bot|game) (Web Crypto: Node and Deno alike). */
async function keyed(secret: Uint8Array, ...parts: string[]): Promise<number> {
  const key = await crypto.subtle.importKey("raw", new Uint8Array(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new DataView(await crypto.subtle.sign("HMAC", key, encoder.encode(parts.join("|"))));
  return mac.getUint32(0);
}

export async function botSeeds(secret: Uint8Array, botId: string, gameId: string): Promise<BotSeeds> {
  const [pace, choice] = await Promise.all([keyed(secret, "pace", botId, gameId), keyed(secret, "choice", botId, gameId)]);
  return { pace, choice };
}

/** The stream of a bot's `n`-th decision in a phase (the cron pass keeps no stream between passes). */
export const choiceRng = (seeds: BotSeeds, phaseKey: string, n: number): RngState => seedRng((seeds.choice ^ seedFor(phaseKey, String(n))) >>> 0);

/**
 * How long the bot thinks before its `n`-th action of the phase `phaseKey` (`"phase:day"`),
 * counted from `from`: a function of its pace seed and these alone.
 */
export function thinkDelay(seeds: BotSeeds, phaseKey: string, n: number, timeScale: number, from: number, deadline: number | null): number {
  const rng = seedRng((seeds.pace ^ seedFor(phaseKey, String(n))) >>> 0);
  const scale = Number.isFinite(timeScale) && timeScale > 0 ? timeScale : 1;
  const ms = (THINK_MIN_MS + nextInt(rng, THINK_MAX_MS - THINK_MIN_MS + 1)) * scale;
  const left = deadline === null ? Infinity : Math.max(0, deadline - from);
  return Math.round(Math.min(ms, left / 2));
}

/** When the bot's `n`-th action of the phase is due: n + 1 think times after the phase began. */
export const dueAt = (seeds: BotSeeds, phaseKey: string, n: number, timeScale: number, started: number, deadline: number | null): number =>
  started + thinkDelay(seeds, phaseKey, n, timeScale, started, deadline) * (n + 1);
