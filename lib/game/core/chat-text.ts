// S-CHAT-4 as the engines store it (issue 28 item 6): a chat line is trimmed, loses its bidi
// overrides and isolates (U+202A–202E, U+2066–2069: they would reorder the lines drawn after it
// and disguise who says what), and keeps at most MAX_MARKS combining marks per base character
// (50 × U+0301 draws over the lines above). Pure; shared by every mode with chat.
import { MAX_MARKS } from "./marks";

const SUSPECT = new RegExp(`[\\u202a-\\u202e\\u2066-\\u2069]|\\p{M}{${MAX_MARKS + 1}}`, "u");
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;
const STACK = new RegExp(`(\\p{M}{${MAX_MARKS}})\\p{M}+`, "gu");

/** The text a chat line is stored with; the common line (nothing suspect) costs one regex test. */
export function chatText(raw: string): string {
  const text = raw.trim();
  if (!SUSPECT.test(text)) return text;
  return text.replace(BIDI, "").replace(STACK, "$1").trim();
}
