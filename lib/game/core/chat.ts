// A chat line as every mode takes it (S-CHAT-4, S-CHAT-5, WH-P10): the stored text (chat-text.ts),
// 1–MAX_CHAT characters, at most RATE_COUNT lines in any RATE_WINDOW_MS per seat. The mode decides
// who may write where; this decides what a line is.
import { MAX_CHAT, RATE_COUNT, RATE_WINDOW_MS } from "./chat-limits";
import { chatText } from "./chat-text";
import { refuse } from "./result";
import type { EngineError, PlayerId } from "./types";

/** A chat line as a seat's view keeps it (the chat event's fields). */
export interface ChatLine<Channel extends string = string> {
  day: number;
  channel: Channel;
  from: PlayerId;
  text: string;
  at: number;
}

/** The line's text and the seat's new recent send times, or the refusal. */
export function takeLine(raw: string, recent: readonly number[], now: number): { text: string; times: number[] } | EngineError {
  const text = chatText(raw);
  if (text.length < 1 || text.length > MAX_CHAT) return refuse("BAD_ACTION", `A message is 1–${MAX_CHAT} characters.`);
  const times = recent.filter((t) => now - t < RATE_WINDOW_MS);
  if (times.length >= RATE_COUNT) return refuse("RATE_LIMITED", `At most ${RATE_COUNT} messages in ${RATE_WINDOW_MS / 1000} seconds.`);
  times.push(now);
  return { text, times };
}
