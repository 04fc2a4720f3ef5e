// W-ROOM-3 display names: trimmed, 1–20 characters. [decision] `<`, `>` and control characters are
// refused: names are only ever rendered as text, and refusing them keeps every other consumer
// (logs, exports, notifications) safe without escaping rules of its own.
// Issue 28 item 6: a name must look like what it is. Invisible characters (format Cf, variation
// selectors, Hangul fillers, the braille blank, tag characters, …) are refused (NAME_INVISIBLE),
// every Unicode space becomes one ASCII space, and more than 3 stacked combining marks are
// refused. Look-alikes (Cyrillic А for A) are caught where names meet: `namesClash`.
import { z } from "zod";
import { MAX_MARKS } from "../game/core/marks";

export const NAME_MAX = 20;

const forbidden = /[<>\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/**
 * Default-ignorable and blank-looking code points (Unicode's Default_Ignorable_Code_Point plus
 * the blank So/Lo look-alikes): every format character (\p{Cf}: soft hyphen, zero-width space and
 * joiners, word joiner U+2060, bidi controls, BOM, tags), private-use code points, the reserved
 * default-ignorable ranges, the combining grapheme joiner, Hangul fillers, Khmer inherent vowels,
 * Mongolian selectors, variation selectors and the braille blank U+2800.
 */
const invisible =
  /[\p{Cf}\p{Co}\p{Cs}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2065\u2800\u3164\ufe00-\ufe0f\uffa0\ufff0-\ufff8\u{e0000}-\u{e0fff}]/u;
/** VS16 asks for the emoji rendering of the character before it; phones add it to ❤ and friends. */
const EMOJI_PRESENTATION = /\ufe0f/g;
const SPACES = /\p{Zs}+/gu;
const STACKED = new RegExp(`\\p{M}{${MAX_MARKS + 1},}`, "u");

export type NameProblem = "EMPTY" | "TOO_LONG" | "FORBIDDEN_CHARACTER" | "INVISIBLE_CHARACTER";

export function checkDisplayName(raw: string): { ok: true; name: string } | { ok: false; problem: NameProblem } {
  const name = raw.normalize("NFC").replace(EMOJI_PRESENTATION, "").replace(SPACES, " ").trim();
  if (invisible.test(name)) return { ok: false, problem: "INVISIBLE_CHARACTER" };
  if (name.length === 0) return { ok: false, problem: "EMPTY" };
  if ([...name].length > NAME_MAX) return { ok: false, problem: "TOO_LONG" };
  if (forbidden.test(name) || STACKED.test(name)) return { ok: false, problem: "FORBIDDEN_CHARACTER" };
  return { ok: true, name };
}

export const nameMessages: Record<NameProblem, string> = {
  EMPTY: "Display name must not be empty.",
  TOO_LONG: `Display name must be at most ${NAME_MAX} characters.`,
  FORBIDDEN_CHARACTER: "Display name must not contain < or >, control characters or stacked accents.",
  INVISIBLE_CHARACTER: "Display name must not contain invisible or formatting characters.",
};

/** The 400 code of each problem: invisible characters get their own, so the screen can say so. */
export const nameErrorCode = (p: NameProblem): string => (p === "INVISIBLE_CHARACTER" ? "NAME_INVISIBLE" : "BAD_NAME");

/** Shape only (a string of sane size); the rule itself is `checkDisplayName`, answered as BAD_NAME. */
export const displayNameField = z.string().max(200);
