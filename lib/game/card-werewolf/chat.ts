// Table talk online (CW-P11, CW-P6, CW-R24; issue 26 item 3). The source plays round a table:
// - `table`: public, from the first Daytime to the end (Daytime, the Seer's choice and the Night's
//   look: "living players chat freely"); never during Identification, when everyone's eyes are shut.
// - `wolves`: the Werewolf team's own (team `werewolves`: the Werewolves and the Traitor, CW-R41),
//   during Identification only (the count, and the Werewolves' choice for the Powerful Angel) —
//   the moment they meet with open eyes (CW-R10). Its lines stay the team's (living members read
//   them, as Werewolf's wolf chat).
// Dead players do not speak (CW-R24, CW-P6). Length, stored text and rate limit are core's.
import { PUBLIC } from "../core/audiences";
import { takeLine } from "../core/chat";
import { isEngineError, refuse } from "../core/result";
import type { Audience, EngineError, PlayerId } from "../core/types";
import { isWolfTeam } from "./seats";
import { emit, type Tx } from "./tx";
import type { CardWerewolfState, ChatChannel, Phase, Role } from "./types";

const TABLE_PHASES: readonly Phase[] = ["day", "day.seer", "night"];
const WOLF_PHASES: readonly Phase[] = ["identify", "identify.wolves"];
const WOLVES: Audience = { kind: "team", team: "werewolves" };

/** The channels a seat may write to now (its view has the same three facts: screens ask this too). */
export function chatChannels(phase: Phase, role: Role | null, alive: boolean): ChatChannel[] {
  if (!alive) return [];
  const out: ChatChannel[] = [];
  if (TABLE_PHASES.includes(phase)) out.push("table");
  if (role !== null && isWolfTeam(role) && WOLF_PHASES.includes(phase)) out.push("wolves");
  return out;
}

export function chatRefusal(s: CardWerewolfState, p: PlayerId, channel: ChatChannel): EngineError | null {
  if (chatChannels(s.phase, s.roles[p], s.alive[p]).includes(channel)) return null;
  if (!s.alive[p]) return refuse("NOT_ALIVE", "Dead players do not speak (CW-R24).");
  if (channel === "wolves" && !isWolfTeam(s.roles[p])) return refuse("NOT_YOUR_TURN", "Only the Werewolf team talks there.");
  return refuse("WRONG_PHASE", channel === "table" ? "The table talks from the first Daytime on." : "The Werewolves talk during Identification only.");
}

/** The line, or the refusal of its text (length, rate). */
export function applyChat(tx: Tx, p: PlayerId, channel: ChatChannel, raw: string): EngineError | null {
  const line = takeLine(raw, tx.s.chatTimes[p] ?? [], tx.now);
  if (isEngineError(line)) return line;
  tx.s.chatTimes = { ...tx.s.chatTimes, [p]: line.times };
  emit(tx, "chat", channel === "table" ? PUBLIC : WOLVES, { day: tx.s.day, channel, from: p, text: line.text });
  return null;
}
