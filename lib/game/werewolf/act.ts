// One player action: shape (actions.ts) → who/when/target legality (legal.ts) → the role's effect.
// Never throws; a refused action changes nothing (P-4).
import type { Ctx, EngineError, PlayerId, Result, Step } from "../core/types";
import { ok } from "../core/types";
import { isEngineError, refuse } from "../core/result";
import { isDue } from "../core/timing";
import { actionRefusal } from "./actions";
import { applyChat } from "./chat";
import { applyLink } from "./cupid";
import { applyReady } from "./day";
import { begin, emit, toPlayer, type Tx } from "./events";
import { applyProtect } from "./guard";
import { applyShot } from "./hunter";
import { ruleAt } from "./legal";
import { applyPeek } from "./little-girl";
import { applyInspect } from "./seer";
import { applyPassBadge } from "./sheriff";
import { applySteal } from "./thief";
import type { LegalAction, WerewolfAction, WerewolfState } from "./types";
import { applyVote } from "./vote";
import { applyPoison, applySave } from "./witch";
import { applyBite } from "./wolf";

/** The refusal of a target the legal entry does not list. */
export const BAD_TARGET = refuse("INVALID_TARGET", "That player is not a valid choice for this action.");

/** A chat line on the channel that is not open now (`legal`: the open one). */
export function wrongChannel(a: WerewolfAction, legal: Pick<LegalAction, "channel">): EngineError | null {
  if (a.type !== "chat" || a.channel === legal.channel) return null;
  return refuse("WRONG_PHASE", legal.channel === "day" ? "Wolf chat is open only at night." : "Public chat is open only during the day.");
}

/** Arguments beyond who/when: the chosen target(s) must be among the legal ones. */
export function checkArgs(a: WerewolfAction, legal: LegalAction): EngineError | null {
  if ("target" in a && legal.targets) return legal.targets.includes(a.target) ? null : BAD_TARGET;
  if (a.type === "link") {
    const [x, y] = a.targets;
    return x !== y && legal.targets!.includes(x) && legal.targets!.includes(y) ? null : refuse("INVALID_TARGET", "Choose two different living players.");
  }
  return wrongChannel(a, legal);
}

function applySkip(tx: Tx, me: PlayerId): void {
  if (tx.s.phase === "hunter") return applyShot(tx, me, null);
  tx.s.acted = [...tx.s.acted, me];
  emit(tx, { type: "skipped", audience: toPlayer(me), at: tx.now, day: tx.s.day, phase: tx.s.phase });
}

/**
 * Each action's effect, once its legality is checked. A switch rather than a record of handlers:
 * a record looked up by the action's type is a megamorphic keyed load on every action, a switch on
 * string constants is a few pointer compares (`never` keeps it exhaustive). The cases look alike,
 * but each hands its action to its own rule.
 */
function apply(tx: Tx, me: PlayerId, a: WerewolfAction): EngineError | void {
  switch (a.type) {
    case "bite":
      return applyBite(tx, me, a.target);
    case "inspect":
      return applyInspect(tx, me, a.target);
    case "protect":
      return applyProtect(tx, me, a.target);
    case "save":
      return applySave(tx, me);
    case "poison":
      return applyPoison(tx, me, a.target);
    case "peek":
      return applyPeek(tx, me);
    case "steal":
      return applySteal(tx, me, a.card);
    case "link":
      return applyLink(tx, me, a.targets);
    case "shoot":
      return applyShot(tx, me, a.target);
    case "pass_badge":
      return applyPassBadge(tx, a.target);
    case "skip":
      return applySkip(tx, me);
    case "chat":
      return applyChat(tx, me, a.channel, a.text);
    case "ready_to_vote":
      return applyReady(tx, me);
    case "vote":
      return applyVote(tx, me, a.target);
    default: {
      const unknown: never = a;
      return unknown;
    }
  }
}

/**
 * What every action must pass before its rule is asked, after its shape (both engines, in this
 * order): a running game, a seated actor, a step still open. The actor's seat, or the refusal.
 */
export function admit(s: Pick<WerewolfState, "phase" | "players" | "deadline">, actor: PlayerId, now: number): number | EngineError {
  if (s.phase === "ended") return refuse("GAME_ENDED", "The game is over.");
  const seat = typeof actor === "string" ? s.players.indexOf(actor) : -1;
  if (seat < 0) return refuse("NOT_A_PLAYER", "You are not playing in this game.");
  // The server advances a due phase before taking actions; an action after the deadline is late.
  if (isDue(s.deadline, now)) return refuse("WRONG_PHASE", "Time is up for this step.");
  return seat;
}

export function act(state: WerewolfState, actor: PlayerId, raw: WerewolfAction, ctx: Ctx): Result<Step<WerewolfState>> {
  const refusal = actionRefusal(raw);
  if (refusal) return { ok: false, error: refusal };
  const a = raw;
  const seat = admit(state, actor, ctx.now);
  if (typeof seat !== "number") return { ok: false, error: seat };
  const legal = ruleAt(state, actor, seat, a.type);
  if (isEngineError(legal)) return { ok: false, error: legal };
  const bad = checkArgs(a, legal);
  if (bad) return { ok: false, error: bad };
  const tx = begin(state, ctx.now);
  const refused = apply(tx, actor, a);
  if (refused) return { ok: false, error: refused };
  return ok({ state: tx.s, events: tx.out });
}
