// One player action: shape (actions.ts) → a running game and a seated actor → listed by legal.ts
// with an allowed choice → its effect → every step now complete moves on (flow.ts). Never throws;
// a refused action changes nothing.
import { refuse } from "../core/result";
import { isDue } from "../core/timing";
import { ok, type Ctx, type EngineError, type PlayerId, type Result, type Step } from "../core/types";
import { applyInspect, applySteal } from "./abilities";
import { actionSchema } from "./actions";
import { applyAbsentDefaults, markAbsent, markPresent } from "./absent";
import { applyChat, chatRefusal } from "./chat";
import { applyVote } from "./expulsion";
import { settle } from "./flow";
import { legalFor } from "./legal";
import { applyGuard, applyGuardLocation, applyHeal, applyPick } from "./picks";
import { applyPropose, validProposal } from "./proposal";
import { applyPut } from "./ritual";
import { begin, emit, finish, PUBLIC, type Tx } from "./tx";
import type { WitchHuntAction, WitchHuntLegal, WitchHuntState } from "./types";
import { applyApprove } from "./yesno";
import { applyCast, applyWitchLocation } from "./witch-step";

const BAD_TARGET = refuse("INVALID_TARGET", "That is not one of the allowed choices.");

/** Why an action not listed for `p` is refused (a stable code per cause). */
function notListed(s: WitchHuntState, p: PlayerId, type: string): EngineError {
  if (s.form[p] !== "human" && type !== "ok" && type !== "ready") return refuse("NOT_ALIVE", "Frogs and expelled cats can only confirm.");
  if ((type === "ok" || type === "ready" || type === "end_discussion") && s.done.includes(p)) return refuse("ALREADY_ACTED", "You have already confirmed.");
  if ((type === "inspect" && s.seerUsed) || (type === "steal" && s.stealUsed)) return refuse("ALREADY_ACTED", "Once per day.");
  return refuse("NOT_YOUR_TURN", `"${type}" is not yours to do now.`);
}

/** The chosen arguments must be among the listed choices. */
function argsRefusal(s: WitchHuntState, a: WitchHuntAction, legal: WitchHuntLegal): EngineError | null {
  switch (a.type) {
    case "pick":
    case "guard_location":
    case "witch_location":
      return legal.locations?.includes(a.location) ? null : BAD_TARGET;
    case "heal":
    case "inspect":
    case "steal":
    case "vote":
      return legal.targets?.includes(a.target) ? null : BAD_TARGET;
    case "cast": {
      const spell = legal.spells?.find((x) => x.spell === a.spell);
      if (!spell) return refuse("INVALID_TARGET", "That spell is not available now.");
      if (spell.targets === null) return a.target === undefined ? null : BAD_TARGET;
      return a.target !== undefined && spell.targets.includes(a.target) ? null : BAD_TARGET;
    }
    case "propose":
      return validProposal(s, a.members) ? null : refuse("INVALID_TARGET", `Propose exactly ${s.required.length} different human-form cats.`);
    case "put":
      return legal.items?.includes(a.item) ? null : BAD_TARGET;
    default:
      return null;
  }
}

/** Each action's effect: the cases look alike, but each hands its action to its own rule (a switch: werewolf/act.ts says why). */
function apply(tx: Tx, p: PlayerId, a: Exclude<WitchHuntAction, { type: "chat" }>): void {
  const s = tx.s;
  switch (a.type) {
    case "ready":
    case "ok":
    case "end_discussion":
      s.done = [...s.done, p];
      return emit(tx, "confirmed", PUBLIC, { player: p, phase: s.phase });
    case "pick":
      return applyPick(tx, p, a.location);
    case "guard":
      return applyGuard(tx, p);
    case "guard_location":
      return applyGuardLocation(tx, p, a.location);
    case "heal":
      return applyHeal(tx, p, a.target);
    case "witch_location":
      return applyWitchLocation(tx, p, a.location);
    case "cast":
      return applyCast(tx, p, a.spell, a.target ?? null);
    case "inspect":
      return applyInspect(tx, p, a.target);
    case "steal":
      return applySteal(tx, p, a.target);
    case "propose":
      return applyPropose(tx, a.members);
    case "approve":
      return applyApprove(tx, p, a.yes);
    case "put":
      return applyPut(tx, p, a.item);
    case "vote":
      return applyVote(tx, p, a.target);
    case "mark_absent":
      return markAbsent(tx, a.player);
  }
}

export function act(state: WitchHuntState, actor: PlayerId, raw: WitchHuntAction, ctx: Ctx): Result<Step<WitchHuntState>> {
  const parsed = actionSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: refuse("BAD_ACTION", parsed.error.issues.map((i) => i.message).join("; ")) };
  const a = parsed.data;
  if (state.phase === "ended") return { ok: false, error: refuse("GAME_ENDED", "The game is over.") };
  if (!state.players.includes(actor)) return { ok: false, error: refuse("NOT_A_PLAYER", "You are not playing in this game.") };
  if (isDue(state.deadline, ctx.now)) return { ok: false, error: refuse("WRONG_PHASE", "Time is up for this step.") };
  if (a.type === "mark_absent") {
    // R14, R24, R26: the Host marks someone the step is waiting for.
    if (ctx.hostId !== actor) return { ok: false, error: refuse("NOT_HOST", "Only the host can mark a player absent.") };
    if (!state.players.includes(a.player) || state.absent.includes(a.player)) return { ok: false, error: refuse("INVALID_TARGET", "That player is not in the game or is already absent.") };
  } else if (a.type === "chat") {
    const closed = chatRefusal(state, actor, a.channel);
    if (closed) return { ok: false, error: closed };
  } else {
    const legal = legalFor(state, actor).find((l) => l.type === a.type);
    if (!legal) return { ok: false, error: notListed(state, actor, a.type) };
    const bad = argsRefusal(state, a, legal);
    if (bad) return { ok: false, error: bad };
  }
  const tx = begin(state, ctx.now, applyAbsentDefaults);
  if (a.type !== "mark_absent") markPresent(tx, actor); // P12
  if (a.type === "chat") {
    const refused = applyChat(tx, actor, a.channel, a.text);
    if (refused) return { ok: false, error: refused };
  } else apply(tx, actor, a);
  settle(tx);
  return ok({ state: finish(tx), events: tx.out });
}
