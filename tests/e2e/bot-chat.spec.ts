// Issue 21 item 2: bots' chat names players by display name, in each reader's language — no page
// of a whole bot game shows an id. One person + 7 bots per language (vi, en, zh): the whole
// rendered page is read twice a second while the game runs, then every chat tab at the end.
import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { autoplay } from "./support/driver";
import { closeAll, learnOwnRole, newPlayer } from "./support/players";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** A bot line in each language: the fixed start of any botChat sentence (messages/*.json). */
function botWords(locale: string): RegExp {
  const tree = (JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as { botChat: Record<string, unknown> }).botChat;
  const starts: string[] = [];
  const walk = (o: unknown) => {
    if (typeof o === "string") {
      const head = o.split("{")[0].trim();
      if (head.length >= 3) starts.push(head.replace(/[.*+?^$()|[\]\\]/g, "\\$&"));
    } else if (o && typeof o === "object") Object.values(o).forEach(walk);
  };
  walk(tree);
  return new RegExp(starts.join("|"));
}
const BOT_WORDS: Record<string, RegExp> = { vi: botWords("vi"), en: botWords("en"), zh: botWords("zh") };

/** The page's rendered text if it shows something shaped like an id, else null. */
async function idShown(page: Page): Promise<string | null> {
  const text = await page.locator("body").innerText().catch(() => "");
  const m = UUID.exec(text);
  return m ? text.slice(Math.max(0, m.index - 60), m.index + 40) : null;
}

for (const locale of ["vi", "en", "zh"]) {
  test(`bot chat in ${locale}: names, never ids, on every screen of a whole bot game`, async ({ browser }, testInfo) => {
    test.setTimeout(3 * 240_000); // up to three games, below
    const solo = await newPlayer(browser, "Solo");
    try {
      const { page } = solo;
      await page.setViewportSize({ width: 390, height: 844 }); // a phone: the shot below is one
      await page.goto("/");
      if (locale !== "vi") await page.getByTestId("language").selectOption(locale);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await page.getByTestId("name-input").fill(solo.name);
      await page.getByTestId("name-submit").click();
      await page.getByTestId("play-with-bots").click();
      await page.waitForURL(/\/r\/[A-Z0-9]{6}$/);
      const seen: string[] = [];
      let botLines = 0;
      let shot = false;
      // Bots speak by chance (a quiet table may say nothing before a short game ends): another game
      // at the same table until they have spoken, at most three. Every game is checked for ids.
      for (let game = 1; game <= 3 && botLines === 0; game++) {
        if (game > 1) {
          await page.getByTestId("play-again").click();
          await page.getByTestId("ready-toggle").click();
        }
        await expect(page.getByTestId("start")).toBeEnabled();
        await page.getByTestId("start").click();
        await expect(page.getByTestId("phase-banner")).toHaveAttribute("data-phase", /^night\./, { timeout: 30_000 });
        await learnOwnRole(solo);

        let over = false;
        const watch = (async () => {
          while (!over) {
            const shown = await idShown(page);
            if (shown) seen.push(shown);
            let lines = 0;
            for (const line of await page.getByTestId("chat-line").allInnerTexts().catch(() => [])) if (BOT_WORDS[locale].test(line)) lines++;
            botLines += lines;
            // One picture of a day chat with bot lines per language, to look at (test-results/).
            if (!shot && lines >= 3 && (await page.locator('[data-testid="phase-banner"][data-phase="day"]').count()) > 0 && (await page.locator("[data-moment]").count()) === 0) {
              shot = true;
              await page.getByTestId("bar-chat").click().catch(() => {});
              await page.screenshot({ path: testInfo.outputPath(`bot-chat-${locale}.png`) }).catch(() => (shot = false));
            }
            await page.waitForTimeout(500);
          }
        })();
        const winner = page.getByTestId("winner");
        try {
          await autoplay(page, winner);
        } finally {
          over = true;
          await watch;
        }

        // The results, then every chat tab of the game.
        expect(await idShown(page)).toBeNull();
        const tabs = page.locator('[data-testid^="chat-tab-"]');
        for (let i = 0; i < (await tabs.count()); i++) {
          await tabs.nth(i).click();
          const shown = await idShown(page);
          if (shown) seen.push(shown);
          for (const line of await page.getByTestId("chat-line").allInnerTexts()) if (BOT_WORDS[locale].test(line)) botLines++;
        }
      }
      expect(seen).toEqual([]);
      // The bots did speak, in this language.
      expect(botLines).toBeGreaterThan(0);
    } finally {
      await closeAll([solo]);
    }
  });
}
