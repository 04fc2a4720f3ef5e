// One player action, or one deadline, on the seat state. The same checks in the same order as
// act.ts, so the same refusals; an accepted action changes the state in place, a refused one leaves
// it untouched (every check is made before the first write).
import type { Ctx, EngineError, PlayerId, Result, Step } from "../../core/types";
import { ok } from "../../core/types";
import { isEngineError, refuse } from "../../core/result";
import { isDue } from "../../core/timing";
import { admit, BAD_TARGET, wrongChannel } from "../act";
import { actionRefusal } from "../actions";
import { MAX_CHAT, RATE_COUNT, RATE_WINDOW_MS } from "../chat-limits";
import { chatText } from "../chat-text";
import { PUBLIC, WOLVES } from "../events";
import type { WerewolfAction } from "../types";
import { emit, endPhase, eventsOf, shoot, toSeat, txOf, type SeatTx } from "./flow";
import { ruleFor, seatLegal, type SeatLegal } from "./legal";
import { holds, type Seat, type SeatState } from "./types";
import { withPick } from "../wolf";

function done(tx: SeatTx, seat: Seat): void {
  tx.s.acted[seat] = true;
}

function bite(tx: SeatTx, seat: Seat, me: PlayerId, t: Seat): void {
  const s = tx.s;
  const target = s.players[t];
  // S-WOLF-3: a first pick is appended in place (the list only grows, as bot inputs expect); a
  // changed one makes a new list, so whatever read the old one is not changed under it.
  if (s.acted[seat] && s.night.picks.some((p) => p.by === me)) s.night.picks = withPick(s.night.picks, { by: me, target });
  else s.night.picks.push({ by: me, target });
  done(tx, seat);
  emit(tx, { type: "pick", audience: WOLVES, at: tx.now, day: s.day, by: me, target });
}

function inspect(tx: SeatTx, seat: Seat, me: PlayerId, t: Seat): void {
  const s = tx.s;
  const target = s.players[t];
  // Standard tells only the side (S-SEER-1).
  const result = s.cards[t] === "wolf" ? "wolf" : "village";
  s.night.inspect = { by: me, target, result };
  s.seerLog.push({ by: me, day: s.day, target, result });
  done(tx, seat);
  emit(tx, { type: "seer_result", audience: toSeat(s, seat), at: tx.now, day: s.day, target, result });
}

function protect(tx: SeatTx, seat: Seat, me: PlayerId, t: Seat): void {
  const s = tx.s;
  const target = s.players[t];
  s.night.protect = target;
  s.guardLast = { by: me, day: s.day, target };
  done(tx, seat);
  emit(tx, { type: "protected", audience: toSeat(s, seat), at: tx.now, day: s.day, target });
}

function potion(tx: SeatTx, seat: Seat, me: PlayerId, kind: "save" | "poison", target: PlayerId | null): void {
  const s = tx.s;
  // A new object: views and facts handed out earlier share the old one.
  s.potions = kind === "save" ? { save: false, poison: s.potions.poison } : { save: s.potions.save, poison: false };
  if (kind === "save") s.night.saved = true;
  else s.night.poison = target;
  done(tx, seat);
  emit(tx, { type: "potion", audience: toSeat(s, seat), at: tx.now, day: s.day, kind, target });
}

function skip(tx: SeatTx, seat: Seat): void {
  const s = tx.s;
  if (s.phase === "hunter") return shoot(tx, seat, -1);
  done(tx, seat);
  emit(tx, { type: "skipped", audience: toSeat(s, seat), at: tx.now, day: s.day, phase: s.phase });
}

/** S-CHAT-4/5: 1–500 characters, at most 5 lines in any 5 s (refused before anything is written). */
function chat(tx: SeatTx, seat: Seat, me: PlayerId, channel: "day" | "wolves", raw: string): ReturnType<typeof refuse> | void {
  const s = tx.s;
  const text = chatText(raw);
  if (text.length < 1 || text.length > MAX_CHAT) return refuse("BAD_ACTION", `A message is 1–${MAX_CHAT} characters.`);
  const times = s.chatTimes[seat];
  let recent = 0;
  for (let i = 0; i < times.length; i++) if (tx.now - times[i] < RATE_WINDOW_MS) recent++;
  if (recent >= RATE_COUNT) return refuse("RATE_LIMITED", `At most ${RATE_COUNT} messages in ${RATE_WINDOW_MS / 1000} seconds.`);
  // The seat's times in the window, then this line's (a new list only when some have left it).
  const kept = recent === times.length ? times : times.filter((t) => tx.now - t < RATE_WINDOW_MS);
  kept.push(tx.now);
  s.chatTimes[seat] = kept;
  s.chat.push({ line: { day: s.day, channel, from: me, text, at: tx.now }, peeker: null });
  emit(tx, { type: "chat", audience: channel === "day" ? PUBLIC : WOLVES, at: tx.now, day: s.day, channel, from: me, text });
}

/** S-FLOW-3: discussion ends once every living player is ready. */
function ready(tx: SeatTx, seat: Seat, me: PlayerId): void {
  const s = tx.s;
  s.ready.push(me);
  s.readySeats[seat] = true;
  emit(tx, { type: "ready", audience: PUBLIC, at: tx.now, day: s.day, player: me });
  if (s.ready.length >= s.living) endPhase(tx);
}

/** S-VOTE-2, S-FLOW-4: final, secret votes; the vote closes once every living player has voted. */
function vote(tx: SeatTx, seat: Seat, me: PlayerId, t: Seat): void {
  const s = tx.s;
  s.votes[seat] = t;
  s.voted++;
  emit(tx, { type: "vote_ack", audience: toSeat(s, seat), at: tx.now, day: s.day, target: s.players[t] });
  // S-VOTE-6: that a player voted is public; the event names nobody else and has one shape.
  emit(tx, { type: "voted", audience: PUBLIC, at: tx.now, day: s.day, player: me });
  if (s.voted >= s.living) endPhase(tx);
}

/** Applies an action whose entry and target (`t`, the target's seat or -1) were checked. */
function apply(tx: SeatTx, seat: Seat, me: PlayerId, a: WerewolfAction, t: Seat): EngineError | void {
  switch (a.type) {
    case "bite":
      return bite(tx, seat, me, t);
    case "inspect":
      return inspect(tx, seat, me, t);
    case "protect":
      return protect(tx, seat, me, t);
    case "save":
      return potion(tx, seat, me, "save", tx.s.night.target);
    case "poison":
      return potion(tx, seat, me, "poison", a.target);
    case "skip":
      return skip(tx, seat);
    case "shoot":
      return shoot(tx, seat, t);
    case "chat":
      return chat(tx, seat, me, a.channel, a.text);
    case "ready_to_vote":
      return ready(tx, seat, me);
    case "vote":
      return vote(tx, seat, me, t);
    default:
      // Classic-only actions: their rules refuse them in a standard game before this is reached.
      return refuse("BAD_ACTION", "This action is not part of this game.");
  }
}

/** The seat's entry for this action, if it may take it now. */
function entryFor(s: SeatState, seat: Seat, type: WerewolfAction["type"]): SeatLegal | null {
  const legal = seatLegal(s, seat);
  for (let i = 0; i < legal.length; i++) if (legal[i].type === type) return legal[i];
  return null;
}

/** The rule's own refusal of an action the seat's list lacks (the lists equal the rules: seat.test.ts). */
function refusalOf(s: SeatState, seat: Seat, type: WerewolfAction["type"]): EngineError {
  const rule = ruleFor(s, seat, type);
  return isEngineError(rule) ? rule : refuse("WRONG_PHASE", "This action is not open now.");
}

/** The target's seat (-1: the action names nobody), or the refusal of a target the entry lacks. */
function targetOf(s: SeatState, a: WerewolfAction, legal: SeatLegal): Seat | EngineError {
  if (!("target" in a) || legal.targets === undefined) return -1;
  const t = s.players.indexOf(a.target);
  return t >= 0 && holds(legal.targets, t) ? t : BAD_TARGET;
}

export function seatAct(s: SeatState, actor: PlayerId, raw: WerewolfAction, ctx: Ctx): Result<Step<SeatState>> {
  const refusal = actionRefusal(raw);
  if (refusal) return { ok: false, error: refusal };
  const a = raw;
  const seat = admit(s, actor, ctx.now);
  if (typeof seat !== "number") return { ok: false, error: seat };
  const legal = entryFor(s, seat, a.type);
  if (legal === null) return { ok: false, error: refusalOf(s, seat, a.type) };
  const t = targetOf(s, a, legal);
  if (typeof t !== "number") return { ok: false, error: t };
  const bad = wrongChannel(a, legal);
  if (bad) return { ok: false, error: bad };
  const tx = txOf(s, ctx.now);
  const refused = apply(tx, seat, s.players[seat], a, t);
  if (refused) return { ok: false, error: refused };
  s.steps++;
  return ok({ state: s, events: eventsOf(tx) });
}

export function seatAdvance(s: SeatState, ctx: Ctx): Step<SeatState> {
  if (s.phase === "ended" || !isDue(s.deadline, ctx.now)) return { state: s, events: [] };
  const tx = txOf(s, ctx.now);
  endPhase(tx);
  s.steps++;
  return { state: s, events: eventsOf(tx) };
}
