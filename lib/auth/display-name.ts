// W-ROOM-3 display names: trimmed, 1–20 characters. [decision] `<`, `>` and control characters are
// refused: names are only ever rendered as text, and refusing them keeps every other consumer
// (logs, exports, notifications) safe without escaping rules of its own.
import { z } from "zod";

export const NAME_MAX = 20;

const forbidden = /[<>\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/;

export type NameProblem = "EMPTY" | "TOO_LONG" | "FORBIDDEN_CHARACTER";

export function checkDisplayName(raw: string): { ok: true; name: string } | { ok: false; problem: NameProblem } {
  const name = raw.normalize("NFC").trim();
  if (name.length === 0) return { ok: false, problem: "EMPTY" };
  if ([...name].length > NAME_MAX) return { ok: false, problem: "TOO_LONG" };
  if (forbidden.test(name)) return { ok: false, problem: "FORBIDDEN_CHARACTER" };
  return { ok: true, name };
}

export const nameMessages: Record<NameProblem, string> = {
  EMPTY: "Display name must not be empty.",
  TOO_LONG: `Display name must be at most ${NAME_MAX} characters.`,
  FORBIDDEN_CHARACTER: "Display name must not contain < or > or control characters.",
};

/** Shape only (a string of sane size); the rule itself is `checkDisplayName`, answered as BAD_NAME. */
export const displayNameField = z.string().max(200);
