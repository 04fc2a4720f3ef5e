import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage } from "./accept-language";

describe("first visit: language from Accept-Language", () => {
  it.each([
    ["zh-CN,zh;q=0.9,en;q=0.8", "zh"],
    ["zh-TW", "zh"],
    ["vi-VN,vi;q=0.9", "vi"],
    ["en-US,en;q=0.9", "en"],
    ["fr-FR,fr;q=0.9,en;q=0.5,vi;q=0.4", "en"],
    ["en;q=0.2, vi;q=0.8", "vi"],
    ["de-DE", "vi"],
    ["en;q=0, zh", "zh"],
    ["", "vi"],
    ["*", "vi"],
    [";;;q=abc,,", "vi"],
  ])("%s → %s", (header, want) => expect(localeFromAcceptLanguage(header)).toBe(want));
  it("no header: Vietnamese", () => expect(localeFromAcceptLanguage(null)).toBe("vi"));
});
