// Issue 21, items 11 and 13 (part): on a phone the chat is one tap away in every phase (the phone
// bar: Role · Players · Chat), unread chat shows a count, the results open at the top with the
// winner; the chat tabs run in time order with the active one in view; desktop keeps two columns.
import { expect, test } from "@playwright/test";
import { autoplay } from "./support/driver";
import { closeAll, newPlayer } from "./support/players";
import { checkScreen } from "./support/screens";
import { expectOnScreen, phaseIs, soloWithBots } from "./support/layout";

test("11, 13: phone bar in every phase, unread badge, results at the top, tabs in time order; desktop two columns", async ({ browser }) => {
  test.setTimeout(360_000);
  const solo = await newPlayer(browser, "Lan");
  try {
    const { page } = solo;
    await soloWithBots(solo);
    const bar = page.getByTestId("phone-bar");
    const winner = page.getByTestId("winner");
    const scrollY = () => page.evaluate(() => window.scrollY);

    // Night: each button brings its section on screen, above the bar.
    await expect(bar).toBeVisible();
    await checkScreen(page, "phone-bar-night");
    await page.getByTestId("bar-chat").click();
    await expectOnScreen(page, page.getByTestId("chat-input"), "chat input after Chat");
    await page.getByTestId("bar-players").click();
    await expectOnScreen(page, page.getByTestId("tile").first(), "first tile after Players");
    await page.getByTestId("bar-top").click();
    await expect.poll(scrollY).toBe(0);
    await expectOnScreen(page, page.getByTestId("role-toggle"), "role card after Role");

    // Day: the bots talk while the chat is out of sight; the badge counts their lines.
    await autoplay(page, phaseIs("day")(page).or(winner).first());
    await expect(winner).toHaveCount(0);
    await page.getByTestId("bar-top").click();
    await expect.poll(scrollY).toBe(0);
    const badge = page.getByTestId("chat-unread");
    await expect(badge).toBeVisible({ timeout: 30_000 });
    if (solo.role !== "wolf") {
      // Every line so far is a bot's day line: the badge counts exactly the lines in the log.
      await expect(async () => {
        const { count, lines } = await page.evaluate(() => ({
          count: Number(document.querySelector('[data-testid="chat-unread"]')?.getAttribute("data-count") ?? 0),
          lines: document.querySelectorAll('[data-testid="chat-line"]').length,
        }));
        expect(count).toBe(lines);
      }).toPass({ timeout: 5_000 });
    }
    await checkScreen(page, "phone-bar-unread");
    await page.getByTestId("bar-chat").click();
    await expect(badge).toHaveCount(0);
    await expectOnScreen(page, page.getByTestId("chat-log"), "chat log after Chat");

    // Vote: still one tap; desktop shows both columns side by side and no bar.
    await autoplay(page, phaseIs("vote")(page).or(winner).first());
    await page.getByTestId("bar-chat").click();
    await expectOnScreen(page, page.getByTestId("chat-log"), "chat log in the vote");
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(bar).toBeHidden();
    const grid = (await page.getByTestId("player-grid").boundingBox())!;
    const chat = (await page.getByTestId("chat").boundingBox())!;
    expect(chat.x, "chat to the right of the players on desktop").toBeGreaterThanOrEqual(grid.x + grid.width);
    await page.setViewportSize({ width: 390, height: 844 });

    // Play on while reading the chat at the bottom of the page: the end opens at the top.
    await autoplay(page, winner, 240_000, async () => {
      await page.getByTestId("bar-chat").click({ timeout: 3_000 }).catch(() => undefined);
    });
    await expect.poll(scrollY).toBe(0);
    await expectOnScreen(page, winner, "winner at the end");
    await expect(page.getByTestId("bar-top")).toBeVisible();

    // Chat tabs: in the order they happened, the active one inside the strip.
    const keys = await page.getByTestId("chat-tabs").getByRole("tab").evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")!.replace("chat-tab-", "")));
    const rank = (k: string) => Number(k.split("-")[1]) * 2 + (k.startsWith("day") ? 1 : 0);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys).toEqual([...keys].sort((a, b) => rank(a) - rank(b)));
    const strip = (await page.getByTestId("chat-tabs").boundingBox())!;
    const active = (await page.getByTestId("chat-tabs").locator('[aria-selected="true"]').boundingBox())!;
    expect(active.x).toBeGreaterThanOrEqual(strip.x - 1);
    expect(active.x + active.width).toBeLessThanOrEqual(strip.x + strip.width + 1);
    await checkScreen(page, "phone-results");
  } finally {
    await closeAll([solo]);
  }
});
