// Table talk online (WH-P10, issue 25 item 3). The source plays in one room; online:
// - `table`: public, from the Evening through the expulsion vote's result (where the source says the
//   table talks), grouped by day. Frogs and expelled cats may write in it (P10: they may talk; they
//   only lose actions).
// - `coven`: the witches' own (team `coven`: witches still in the game, frogs included), during the
//   Daytime while the others pick and in their 15 s (R22's dialog). The Crow does not read it (P6:
//   the witches do not know the Crow; a Crow reading their dialog would learn their spells, R41).
// Length, stored text and rate limit are core's (core/chat.ts), as in Werewolf.
import { takeLine } from "../core/chat";
import { isEngineError, refuse } from "../core/result";
import type { EngineError, PlayerId } from "../core/types";
import { COVEN, emit, PUBLIC, type Tx } from "./tx";
import type { ChatChannel, Form, Phase, Role, WitchHuntState } from "./types";

const TABLE_PHASES: readonly Phase[] = ["evening", "discussion", "proposal", "yesno", "yesno.result", "ritual", "ritual.result", "quarrel", "vote", "vote.result"];
const COVEN_PHASES: readonly Phase[] = ["day.pick", "day.guard", "day.witch"];

/** The channels a seat may write to now (the view has the same three facts: screens ask this too). */
export function chatChannels(phase: Phase, role: Role | null, form: Form | undefined): ChatChannel[] {
  const out: ChatChannel[] = [];
  if (TABLE_PHASES.includes(phase)) out.push("table");
  if (role === "witch" && form !== "expelled" && COVEN_PHASES.includes(phase)) out.push("coven");
  return out;
}

export function chatRefusal(s: WitchHuntState, p: PlayerId, channel: ChatChannel): EngineError | null {
  if (chatChannels(s.phase, s.roles[p], s.form[p]).includes(channel)) return null;
  if (channel === "coven" && s.roles[p] !== "witch") return refuse("NOT_YOUR_TURN", "Only the witches talk there.");
  if (channel === "coven" && s.form[p] === "expelled") return refuse("NOT_ALIVE", "An expelled witch no longer hears the coven.");
  return refuse("WRONG_PHASE", channel === "table" ? "The table talks from the Evening to the vote." : "The witches talk during the Daytime.");
}

/** The line, or the refusal of its text (length, rate). */
export function applyChat(tx: Tx, p: PlayerId, channel: ChatChannel, raw: string): EngineError | null {
  const line = takeLine(raw, tx.s.chatTimes[p] ?? [], tx.now);
  if (isEngineError(line)) return line;
  tx.s.chatTimes = { ...tx.s.chatTimes, [p]: line.times };
  emit(tx, "chat", channel === "table" ? PUBLIC : COVEN, { day: tx.s.day, channel, from: p, text: line.text });
  return null;
}
