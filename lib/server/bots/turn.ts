// One bot decision, through exactly the doors a person uses: the seat's view — as the runner keeps
// it, folded from what realtime delivered to the bot (runner.ts), or read as the bot under RLS
// (`getView` → `db.asUser` with the bot's claims) by the cron pass, which has no stream — the
// mode's brain (its `bot`, lib/game/core/platform.ts), then the same `act` service the actions
// endpoint calls. The hidden game state is never read here.
import type { RngState } from "../../game/core/rng";
import type { Db } from "../../db/types";
import { isAppError } from "../app-error";
import { act } from "../games/act";
import { getView } from "../games/reads";
import { getMode } from "../../game/modes";
import { botClaims, botPersona, type BotMember } from "./identity";

/** Per bot and game: what it already did in the current phase, so it never loops on one choice. */
export interface BotMemory {
  rng: RngState;
  phaseKey: string;
  done: string[];
}

/** A safety cap per phase: brains re-decide on every signal, chat included. */
export const MAX_ACTIONS_PER_PHASE = 4;

export type TurnResult =
  | { kind: "idle" }
  /** The brain chose an action whose moment has not come (pace.ts `notBefore`): nothing was sent. */
  | { kind: "wait"; action: { type: string }; until: number }
  | { kind: "acted"; action: { type: string } }
  | { kind: "refused"; action: { type: string }; code: string };

export interface TurnOptions {
  /**
   * The action's idempotency key — by default a fresh one; the cron pass (due.ts) passes one
   * derived from the phase and the bot's count of actions in it, so overlapping passes act once.
   */
  key?: string;
  /**
   * The earliest moment the chosen action may be sent (pace.ts `notBefore`), compared with `now`;
   * `ready`: the action is the bot's "ready" (the mode's `isReady`); `peopleReady`: every living
   * person is ready (the mode's `peopleReady`, with `bots`).
   */
  notBefore?: (ready: boolean, peopleReady: boolean) => number;
  now?: number;
  /** The user ids of the room's bots (public), to tell people from bots. */
  bots?: ReadonlySet<string>;
  /** The bot's view of the game (default: read whole as the bot under RLS). */
  view?: () => Promise<unknown>;
}

export async function botTurn(
  db: Db,
  bot: BotMember,
  game: { id: string; mode: string; phaseKey: string },
  memory: BotMemory,
  { key = `bot-${crypto.randomUUID()}`, notBefore, now = Date.now(), bots = new Set(), view: viewOf }: TurnOptions = {},
): Promise<TurnResult> {
  const brain = getMode(game.mode)?.bot;
  if (!brain) return { kind: "idle" };
  if (memory.phaseKey !== game.phaseKey) {
    memory.phaseKey = game.phaseKey;
    memory.done = [];
  }
  if (memory.done.length >= MAX_ACTIONS_PER_PHASE) return { kind: "idle" };
  const claims = botClaims(bot);
  const view = viewOf ? await viewOf() : (await getView(db, claims, game.id)).view;
  const action = brain.choose(view, memory.rng, botPersona(bot.userId));
  if (!action) return { kind: "idle" };
  const request = JSON.stringify(action);
  if (memory.done.includes(request)) return { kind: "idle" };
  // Held, not sent: the caller asks the brain again at that moment, with the view it has then.
  const until = notBefore?.(brain.isReady?.(action) ?? false, brain.peopleReady?.(view, bots) ?? false) ?? now;
  if (until > now) return { kind: "wait", action, until };
  try {
    await act(db, claims, game.id, { action, idempotencyKey: key });
  } catch (e) {
    // A refusal (the phase moved on between reading and acting, a rate limit) is the same answer
    // a person would get; the next signal brings a fresh view.
    if (isAppError(e) && e.status < 500) {
      memory.done.push(request);
      return { kind: "refused", action, code: e.code };
    }
    throw e;
  }
  memory.done.push(request);
  return { kind: "acted", action };
}
