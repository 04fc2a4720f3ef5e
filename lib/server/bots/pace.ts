// Human-like pacing (issue 22 item 1): a bot acts at moments spread over the phase, as people at
// a table do — not seconds after it begins. Each phase kind has a window (fractions of the
// phase's length, the mode's `firstWindow`) where a bot's first action falls; further actions in the same phase follow after
// a think time of 1–4 s (scaled by the game's public time scale, like every phase length). A
// bot never declares itself ready before 30% of the day: a "ready" (werewolf's "ready to vote") is held until a moment
// of its own in the late part of the day, so a table of bots talks for most of the day — unless
// every living person is ready already: then the bots follow soon after 30%.
//
// Issue 28: the seeds come from a server secret (never from public ids alone: anyone could then
// replay a bot's draws), and every moment is a function of the secret, the bot, the game, the
// phase and how many actions the bot took in it — never of a stream its choices also draw from,
// nor of its role. A shared stream made the delay before a bot's first public move of the day
// tell how much it had drawn at night, that is its role. Night steps keep their fixed length
// (P-3): when a bot acts inside one is seen by nobody but its own team.
import type { ModeBot } from "../../game/core/platform";
import { seedFor } from "../../game/core/persona";
import { nextInt, nextU32, seedRng, type RngState } from "../../game/core/rng";

export const THINK_MIN_MS = 1_000;
export const THINK_MAX_MS = 4_000;

/** Never "ready to vote" before this share of the day (revote discussions included). */
export const READY_EARLIEST = 0.3;
/** Where a bot's "ready to vote" falls: uniform over this share of the day. */
export const READY_WINDOW: readonly [number, number] = [0.35, 0.95];
/** …and once every living person is ready: the bots follow over this share (the mode's `peopleReady`). */
export const FOLLOW_WINDOW: readonly [number, number] = [0.3, 0.35];

/** Where a bot's first action of a phase falls, as shares of the phase's length (the mode's `firstWindow`). */
export type FirstWindow = (phase: string) => readonly [number, number];

/** A mode that says nothing of its phases: anywhere but the first and last moments. */
export const DEFAULT_WINDOW: readonly [number, number] = [0.1, 0.8];

/** The pace of a mode's table: its bot's `firstWindow`, or the default window in every phase. */
export const firstWindowOf = (bot: ModeBot | undefined): FirstWindow => (phase) => bot?.firstWindow?.(phase) ?? DEFAULT_WINDOW;

/** A bot's two seeds in one game: one for its moments, one for its choices. */
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

/** The stream of a bot's `n`-th decision in a phase (the same in the runner and the cron pass). */
export const choiceRng = (seeds: BotSeeds, phaseKey: string, n: number): RngState => seedRng((seeds.choice ^ seedFor(phaseKey, String(n))) >>> 0);

/** The pace stream of one draw (`tag`) in a phase: nothing else ever draws from it. */
const paceRng = (seeds: BotSeeds, phaseKey: string, tag: string): RngState => seedRng((seeds.pace ^ seedFor(phaseKey, tag)) >>> 0);

/** A share in [0, 1) from the bot's pace seed. */
const share = (seeds: BotSeeds, phaseKey: string, tag: string): number => nextU32(paceRng(seeds, phaseKey, tag)) / 0x100000000;

const validScale = (timeScale: number): number => (Number.isFinite(timeScale) && timeScale > 0 ? timeScale : 1);

/**
 * How long the bot thinks before its `n`-th action of the phase `phaseKey` (`"day:1"`), counted
 * from `from`: 1–4 s × the time scale, and never more than half of the time left.
 */
export function thinkDelay(seeds: BotSeeds, phaseKey: string, n: number, timeScale: number, from: number, deadline: number | null): number {
  const rng = paceRng(seeds, phaseKey, String(n));
  const ms = (THINK_MIN_MS + nextInt(rng, THINK_MAX_MS - THINK_MIN_MS + 1)) * validScale(timeScale);
  const left = deadline === null ? Infinity : Math.max(0, deadline - from);
  return Math.round(Math.min(ms, left / 2));
}

/** The phase's name in a phase key (`"night.main:2:…"` → `"night.main"`). */
function phaseOfKey(phaseKey: string): string {
  const i = phaseKey.indexOf(":");
  return i < 0 ? phaseKey : phaseKey.slice(0, i);
}

/**
 * One entry of a phase, from the game's public row: its name, day and start. The start tells apart
 * a phase entered twice in a day (Catch the Witch's proposal, yes/no and its result after a
 * rejection), where a bot's memory of the first entry ("ok" done) must not hold in the second.
 */
export const phaseKeyOf = (phase: string, day: number, started: number | null): string =>
  started === null ? `${phase}:${day}` : `${phase}:${day}:${Math.round(started)}`;

/**
 * When the bot's `n`-th action of the phase is due: its first at a moment of its own in the
 * phase's window, each next one a think time after the one before. A phase without a deadline
 * (none today) falls back to think times from its start.
 */
export function dueAt(
  seeds: BotSeeds,
  phaseKey: string,
  n: number,
  timeScale: number,
  started: number,
  deadline: number | null,
  firstWindow: FirstWindow = () => DEFAULT_WINDOW,
): number {
  if (deadline === null || deadline <= started) {
    let at = started;
    for (let k = 0; k <= n; k++) at += thinkDelay(seeds, phaseKey, k, timeScale, at, deadline);
    return at;
  }
  const [lo, hi] = firstWindow(phaseOfKey(phaseKey));
  let at = Math.round(started + (deadline - started) * (lo + (hi - lo) * share(seeds, phaseKey, "first")));
  for (let k = 1; k <= n; k++) at += thinkDelay(seeds, phaseKey, k, timeScale, at, deadline);
  return at;
}

/**
 * The bot's moment to declare itself ready in this day: never before 30% of it. Late in the day
 * while a person is still talking; soon after 30% once every living person is ready (`follow`).
 * Both from one share, so a bot that readies late readies late among followers too.
 */
export function readyAt(seeds: BotSeeds, phaseKey: string, started: number, deadline: number | null, follow = false): number {
  if (deadline === null || deadline <= started) return started;
  const [lo, hi] = follow ? FOLLOW_WINDOW : READY_WINDOW;
  return Math.round(started + (deadline - started) * (lo + (hi - lo) * share(seeds, phaseKey, "ready")));
}

/**
 * The earliest moment the bot may send an action (beyond its due time): a "ready" (the mode's
 * `isReady`: "ready to vote" in werewolf) waits for the bot's ready moment; everything else may go
 * when due. `peopleReady`: every living person at the table is ready (public: the day's "ready"
 * events and who is a bot).
 */
export function notBefore(seeds: BotSeeds, phaseKey: string, ready: boolean, started: number, deadline: number | null, peopleReady = false): number {
  return ready ? readyAt(seeds, phaseKey, started, deadline, peopleReady) : started;
}
