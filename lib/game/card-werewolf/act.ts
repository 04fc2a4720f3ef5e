// One player action: shape (actions.ts) → a running game, a seated living actor → listed by
// legal.ts with an allowed choice → its effect → what follows. Never throws; a refused action
// changes nothing.
import { refuse } from "../core/result";
import { isDue } from "../core/timing";
import { ok, type Ctx, type EngineError, type PlayerId, type Result, type Step } from "../core/types";
import { actionSchema } from "./actions";
import { resolvePlay } from "./cards";
import { endOfPlay } from "./daytime-end";
import { applyChat, chatRefusal } from "./chat";
import { applyLook, applyPoint } from "./identify";
import { legalFor } from "./legal";
import { applyView } from "./seer";
import { begin, finish } from "./tx";
import type { CardWerewolfAction, CardWerewolfLegal, CardWerewolfState } from "./types";

const BAD_TARGET = refuse("INVALID_TARGET", "That is not one of the allowed choices.");

function argsRefusal(a: Exclude<CardWerewolfAction, { type: "chat" }>, legal: CardWerewolfLegal): EngineError | null {
  if (a.type !== "play") return legal.targets?.includes(a.target) ? null : BAD_TARGET;
  const o = legal.plays?.find((x) => x.card === a.card);
  if (!o) return refuse("INVALID_TARGET", "That card is not in your hand, or another card must be played first (CW-P10).");
  // CW-P10: a card that can resolve needs a valid target; one that cannot takes none (cancelled).
  if (o.targets.length === 0) return a.target === undefined ? null : refuse("INVALID_TARGET", "No card in your hand can resolve: play one without a target to cancel it.");
  return a.target !== undefined && o.targets.includes(a.target) ? null : BAD_TARGET;
}

export function act(state: CardWerewolfState, actor: PlayerId, raw: CardWerewolfAction, ctx: Ctx): Result<Step<CardWerewolfState>> {
  const parsed = actionSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: refuse("BAD_ACTION", parsed.error.issues.map((i) => i.message).join("; ")) };
  const a = parsed.data;
  if (state.phase === "ended") return { ok: false, error: refuse("GAME_ENDED", "The game is over.") };
  if (!state.players.includes(actor)) return { ok: false, error: refuse("NOT_A_PLAYER", "You are not playing in this game.") };
  if (!state.alive[actor]) return { ok: false, error: refuse("NOT_ALIVE", "Dead players take no part (CW-R24).") };
  if (isDue(state.deadline, ctx.now)) return { ok: false, error: refuse("WRONG_PHASE", "Time is up for this step.") };
  if (a.type === "chat") {
    const closed = chatRefusal(state, actor, a.channel);
    if (closed) return { ok: false, error: closed };
    const tx = begin(state, ctx.now);
    const refused = applyChat(tx, actor, a.channel, a.text);
    return refused ? { ok: false, error: refused } : ok({ state: finish(tx), events: tx.out });
  }
  const legal = legalFor(state, actor).find((l) => l.type === a.type);
  if (!legal) return { ok: false, error: refuse("NOT_YOUR_TURN", `"${a.type}" is not yours to do now.`) };
  const bad = argsRefusal(a, legal);
  if (bad) return { ok: false, error: bad };
  const tx = begin(state, ctx.now);
  switch (a.type) {
    case "play":
      resolvePlay(tx, actor, a.card, a.target);
      endOfPlay(tx);
      break;
    case "view":
      applyView(tx, actor, a.target);
      endOfPlay(tx);
      break;
    case "look":
      applyLook(tx, actor, a.target);
      break;
    case "point":
      applyPoint(tx, a.target);
      break;
  }
  return ok({ state: finish(tx), events: tx.out });
}
