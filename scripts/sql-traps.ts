// Strings that break naive SQL quoting (issue 28 item 2, docs/security.md): dollar-quote tags and
// tag-like suffixes, quotes, backslashes, comment starts, escapes and non-ASCII. Shared by the
// quoting test (tests/db/quote-literal.test.ts) and the fuzzer's vocabulary (scripts/fuzz.ts).

/** Hand-picked traps: each one closed or bent some quoting scheme. */
export const SQL_TRAPS: readonly string[] = [
  "k$c",
  "Zed$c",
  "$c$",
  "$cc$",
  "x$c$'); drop table rooms; --",
  "$$",
  "$",
  "$1",
  "'",
  "''",
  "\\",
  "\\'",
  "'\\",
  "E'\\x41'",
  "\\\\'; select 1; --",
  '"',
  "--",
  "/*",
  "*/",
  ";",
  "\\u0000",
  "\\x00",
  "Ａlice",
  "Ꮙ̴̡́",
  "😀$c",
  "\n$c\t",
];

/** Pieces random trap strings are made of: the traps' raw material, a few of each kind. */
const PIECES: readonly string[] = [
  "$", "$", "$", "c", "cc", "$c", "$c$", "$cc$", "$$", "'", "'", "''", "\\", "\\", '"', "E", "--", "/*",
  ";", "\n", "\t", "\r", " ", "a", "Z", "0", "9", "é", "Ā", "ß", "ẞ", "中", "😀", "\u200b", "\u202e",
  "\u0001", "\u007f", "\u00a0", "\ufeff", "$1", "$tag$", "::text", "\\0", "\\x",
];

/** A random string rich in traps, from `next` (a uniform [0, 1) source), ending in a tag-like suffix half the time. */
export function randomTrapString(next: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  let out = "";
  for (let n = Math.floor(next() * 12); n > 0; n--) out += pick(PIECES);
  if (next() < 0.5) out += pick(["$c", "$cc", "$", "$c$", "'", "\\", "$$"]);
  return out;
}
