// Look-alike names (issue 28, item 6): two names are "the same" in a room when their confusables
// skeletons match, so "Аlice" (Cyrillic А), "Ａlice" (fullwidth) or "AIice" cannot sit beside "Alice".
// A compact table, not Unicode's full confusables.txt (6,000+ rows): it covers what a player can
// type on common keyboards and phones to imitate a Latin name — Cyrillic and Greek letters that
// look like Latin ones, dotless ı and Latin alpha/script g, the digits 0/1 and I/l, and the two
// letter pairs rn→m and vv→w. NFKC already folds fullwidth, math-alphanumeric, ligatures and ſ.
// Diacritics are kept: "Lan" and "Lân" are different Vietnamese names.

/** Look-alike → the Latin lowercase letter it imitates. Both cases of each source letter. */
const TABLE: Record<string, string> = {
  // Cyrillic
  А: "a", а: "a", В: "b", в: "b", Е: "e", е: "e", Ё: "ë", ё: "ë", К: "k", к: "k", М: "m", м: "m",
  Н: "h", н: "h", О: "o", о: "o", Р: "p", р: "p", С: "c", с: "c", Т: "t", т: "t", Х: "x", х: "x",
  У: "y", у: "y", І: "l", і: "i", Ї: "ï", ї: "ï", Ј: "j", ј: "j", Ѕ: "s", ѕ: "s", Ԁ: "d", ԁ: "d",
  Һ: "h", һ: "h", Ԛ: "q", ԛ: "q", Ԝ: "w", ԝ: "w", Ӏ: "l", ӏ: "l", Ү: "y", ү: "y", Ь: "b", ь: "b",
  // Greek
  Α: "a", α: "a", Β: "b", β: "b", Ε: "e", ε: "e", Ζ: "z", Η: "h", Ι: "l", ι: "i", Κ: "k", κ: "k",
  Μ: "m", Ν: "n", ν: "v", Ο: "o", ο: "o", Ρ: "p", ρ: "p", Τ: "t", τ: "t", Υ: "y", υ: "u", Χ: "x",
  χ: "x", ϲ: "c", Ϲ: "c", ϳ: "j",
  // Latin and digits
  ı: "i", ɑ: "a", ɡ: "g", ɩ: "i", ʟ: "l", I: "l", "0": "o", "1": "l", "|": "l",
};

const PAIRS: [RegExp, string][] = [
  [/rn/g, "m"],
  [/vv/g, "w"],
];

/** The comparison key of a display name: NFKC, look-alikes folded to Latin, lowercase. */
export function nameSkeleton(name: string): string {
  let out = "";
  for (const ch of name.normalize("NFKC")) out += TABLE[ch] ?? ch.toLowerCase();
  for (const [re, to] of PAIRS) out = out.replace(re, to);
  return out.normalize("NFC");
}

/** Whether two names would be mistaken for each other in a room's player list. */
export const namesClash = (a: string, b: string): boolean =>
  a.toLowerCase() === b.toLowerCase() || nameSkeleton(a) === nameSkeleton(b);
