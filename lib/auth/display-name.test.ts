// Issue 28 item 6: names that are invisible, blank-looking or disguised as another player's.
import { describe, expect, it } from "vitest";
import { checkDisplayName } from "./display-name";
import { nameSkeleton, namesClash } from "./name-skeleton";

const problem = (raw: string) => {
  const r = checkDisplayName(raw);
  return r.ok ? null : r.problem;
};

describe("checkDisplayName: invisible and format characters (issue 28 #6)", () => {
  it.each([
    ["word joiner U+2060", "Alice\u2060"],
    ["soft hyphen", "Al\u00adice"],
    ["zero-width space", "Ali\u200bce"],
    ["zero-width joiner", "Ali\u200dce"],
    ["right-to-left override", "\u202eecilA"],
    ["inner BOM", "Ali\ufeffce"],
    ["Hangul filler U+3164", "Alice\u3164"],
    ["Hangul choseong filler U+115F", "\u115fAlice"],
    ["halfwidth Hangul filler U+FFA0", "Alice\uffa0"],
    ["braille blank U+2800", "Alice\u2800"],
    ["only a braille blank", "\u2800"],
    ["variation selector 1", "Alice\ufe00"],
    ["combining grapheme joiner", "Ali\u034fce"],
    ["tag character", "Alice\u{e0041}"],
    ["Mongolian selector", "Alice\u180b"],
    ["private use", "Alice\ue000"],
  ])("refuses %s", (_, raw) => expect(problem(raw)).toBe("INVISIBLE_CHARACTER"));

  it("turns every Unicode space into one ASCII space (inner NBSP, ideographic space) and trims", () => {
    expect(checkDisplayName("Al\u00a0ice")).toEqual({ ok: true, name: "Al ice" });
    expect(checkDisplayName("\u3000Mai\u2003\u2003Anh\u00a0")).toEqual({ ok: true, name: "Mai Anh" });
    expect(problem("\u00a0\u00a0")).toBe("EMPTY");
  });

  it("drops the emoji presentation selector phones add, keeps the emoji", () => {
    expect(checkDisplayName("Linh\u2764\ufe0f")).toEqual({ ok: true, name: "Linh\u2764" });
  });

  it("refuses more than 3 stacked combining marks; Vietnamese (even decomposed) passes", () => {
    expect(problem("A" + "\u0301".repeat(5))).toBe("FORBIDDEN_CHARACTER");
    expect(checkDisplayName("Nguyễn Thị Ánh")).toMatchObject({ ok: true });
    expect(checkDisplayName("Nguye\u0302\u0303n".normalize("NFD"))).toMatchObject({ ok: true });
  });

  it("still refuses < >, control characters, and over-long names", () => {
    expect(problem("<b>")).toBe("FORBIDDEN_CHARACTER");
    expect(problem("a\u0000b")).toBe("FORBIDDEN_CHARACTER");
    expect(problem("a\tb")).toBe("FORBIDDEN_CHARACTER");
    expect(problem("x".repeat(21))).toBe("TOO_LONG");
  });
});

describe("namesClash: look-alikes by NFKC + confusables skeleton (issue 28 #6)", () => {
  it.each([
    ["Cyrillic А", "\u0410lice"],
    ["Cyrillic а, е, о", "\u0430lic\u0435"],
    ["Greek Α", "\u0391lice"],
    ["fullwidth Ａ", "\uff21lice"],
    ["fullwidth word", "\uff21\uff4c\uff49\uff43\uff45"],
    ["math bold", "\u{1d400}lice"],
    ["capital I for l", "AIice"],
    ["digit 1 for l", "A1ice"],
    ["other case", "ALICE"],
  ])("%s clashes with Alice", (_, other) => expect(namesClash("Alice", other)).toBe(true));

  it("digits and letter pairs: B0b/Bob, rn/m", () => {
    expect(namesClash("Bob", "B0b")).toBe(true);
    expect(namesClash("Emma", "Ernma")).toBe(true);
  });

  it("keeps different names apart, diacritics included (Vietnamese)", () => {
    for (const [a, b] of [
      ["Alice", "Alicia"],
      ["Lan", "Lân"],
      ["Bảo", "Bão"],
      ["Minh", "Mình"],
      ["Bot 1", "Bot 2"],
      ["王芳", "王方"],
    ]) expect(namesClash(a, b), `${a} / ${b}`).toBe(false);
  });

  it("the skeleton is stable under NFC/NFD and idempotent", () => {
    const s = nameSkeleton("Nguyễn");
    expect(nameSkeleton("Nguyễn".normalize("NFD"))).toBe(s);
    expect(nameSkeleton(s)).toBe(s);
  });
});
