// S-CHAT-1..5, C-GIRL-1: public chat by living players during Day; wolf chat by living wolves at
// night; 1–500 characters, at most 5 messages in any 5 s.
//
// Not during night.thief: a Thief who takes a Wolf card may read the pack's earlier lines (team
// events are judged when read), but a client folds events in order and skips team events while its
// card is not yet a Wolf (view.ts), so lines from before the steal would be in its `viewFor` and
// not in its fold (P-2). With the pack's chat opening after the Thief's step, both agree and the
// new Wolf reads all of it (classic.test.ts shows the line refused).
import type { EngineError, PlayerId } from "../core/types";
import { refuse, isEngineError } from "../core/result";
import { takeLine } from "../core/chat";
import { emit, PUBLIC, toPlayer, WOLVES, type Tx } from "./events";
import { wolfAlias } from "./roles";
import type { Facts, LegalAction, PhaseId, Untargeted } from "./types";

const WOLF_CHAT_PHASES: readonly PhaseId[] = ["night.cupid", "night.lovers", "night.main", "night.witch"];

/** The channel this player may write to now, if any. */
const DEAD = refuse("NOT_ALIVE", "The dead read but never send.");
const CLOSED = refuse("WRONG_PHASE", "Chat is closed now: public chat is open during the day, wolf chat at night.");
export const DAY: Untargeted = Object.freeze({ type: "chat", channel: "day" });
export const WOLF: Untargeted = Object.freeze({ type: "chat", channel: "wolves" });

export function chatRule(f: Facts): LegalAction | EngineError {
  if (!f.alive[f.me]) return DEAD;
  if (f.phase === "day") return DAY;
  if (f.myRole === "wolf" && WOLF_CHAT_PHASES.includes(f.phase)) return WOLF;
  return CLOSED;
}

export function applyChat(tx: Tx, me: PlayerId, channel: "day" | "wolves", raw: string): EngineError | void {
  const s = tx.s;
  const seat = s.players.indexOf(me);
  const line = takeLine(raw, s.chatTimes[seat], tx.now);
  if (isEngineError(line)) return line;
  const { text } = line;
  const times = s.chatTimes.slice();
  times[seat] = line.times;
  s.chatTimes = times;
  const peeker = channel === "wolves" && s.phase === "night.main" ? s.night.peeker : null;
  s.chat = [...s.chat, { line: { day: s.day, channel, from: me, text, at: tx.now }, peeker }];
  emit(tx, { type: "chat", audience: channel === "day" ? PUBLIC : WOLVES, at: tx.now, day: s.day, channel, from: me, text });
  if (peeker !== null) emit(tx, { type: "chat", audience: toPlayer(peeker), at: tx.now, day: s.day, channel, from: wolfAlias(s, me), text });
}
