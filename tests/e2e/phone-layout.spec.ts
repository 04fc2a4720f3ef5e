// Issue 21, items 11 and 13 (part): on a phone the chat is one tap away in every phase (the phone
// bar: Role · Players · Chat), unread chat shows a count, the results open at the top with the
// winner; the chat tabs run in time order with the active one in view; desktop keeps two columns.
import { expect, test } from "@playwright/test";
import { autoplay, sendChat } from "./support/driver";
import { closeAll, joinByLink, learnOwnRole, newPlayer, setReady } from "./support/players";
import { checkScreen } from "./support/screens";
import { expectOnScreen, openBotRoom, phaseIs, playUntil } from "./support/layout";

test("11, 13: phone bar in every phase, unread badge, results at the top, tabs in time order; desktop two columns", async ({ browser }) => {
  // Days run most of their length until the people are ready, then the bots follow (issue 22).
  test.setTimeout(480_000);
  const host = await newPlayer(browser, "Lan");
  const guest = await newPlayer(browser, "Minh");
  const humans = [host, guest];
  try {
    // Two people and six bots: one of them writes while the other's chat is out of sight.
    await openBotRoom(host);
    await host.page.locator('[data-testid="seat"][data-bot="true"]').first().getByTestId("remove-bot").click();
    await expect(host.page.getByTestId("seat")).toHaveCount(7);
    await joinByLink(guest, await host.page.getByTestId("invite-link").inputValue());
    await setReady(guest);
    await expect(host.page.getByTestId("is-ready")).toHaveCount(8);
    await host.page.getByTestId("start").click();
    for (const p of humans) await expect(phaseIs("night.main")(p.page)).toBeVisible({ timeout: 30_000 });
    for (const p of humans) await learnOwnRole(p);

    // Night: each button brings its section on screen, above the bar.
    let page = host.page;
    const bar = () => page.getByTestId("phone-bar");
    const winner = () => page.getByTestId("winner");
    const scrollY = () => page.evaluate(() => window.scrollY);
    await expect(bar()).toBeVisible();
    await checkScreen(page, "phone-bar-night");
    await page.getByTestId("bar-chat").click();
    await expectOnScreen(page, page.getByTestId("chat-input"), "chat input after Chat");
    await page.getByTestId("bar-players").click();
    await expectOnScreen(page, page.getByTestId("tile").first(), "first tile after Players");
    await page.getByTestId("bar-top").click();
    await expect.poll(scrollY).toBe(0);
    await expectOnScreen(page, page.getByTestId("role-toggle"), "role card after Role");

    // Day 1 (the night runs out: nobody presses "ready" before the line is written). The reader
    // looks at the top while the other person and the bots talk; the badge counts their lines.
    for (const p of humans) await expect(phaseIs("day")(p.page)).toBeVisible({ timeout: 90_000 });
    // The reader is not a wolf when the draw allows: a bot wolf may write in the wolf chat after
    // the reader last looked at night, and such lines are unread too but not in the day log.
    const canWrite = await Promise.all(humans.map((p) => p.page.getByTestId("chat-input").isEnabled()));
    const pairs = [[host, guest], [guest, host]].filter(([w]) => canWrite[humans.indexOf(w)]);
    const [writer, reader] = pairs.find(([, r]) => r.role !== "wolf") ?? pairs[0];
    page = reader.page;
    await page.getByTestId("bar-top").click();
    await expect.poll(scrollY).toBe(0);
    await sendChat(writer.page, "Ai là Sói?");
    const badge = page.getByTestId("chat-unread");
    await expect(badge).toBeVisible();
    // The reader wrote nothing and wolves talk only at night: every line in the day log is new.
    await expect(async () => {
      const { count, lines } = await page.evaluate(() => ({
        count: Number(document.querySelector('[data-testid="chat-unread"]')?.getAttribute("data-count") ?? 0),
        lines: document.querySelectorAll('[data-testid="chat-line"]').length,
      }));
      if (reader.role === "wolf") expect(count).toBeGreaterThanOrEqual(lines);
      else expect(count).toBe(lines);
    }).toPass({ timeout: 5_000 });
    await expect(page.getByTestId("bar-chat")).toHaveAccessibleName(/^Trò chuyện\s+\d+ tin mới$/);
    await checkScreen(page, "phone-bar-unread");
    await page.getByTestId("bar-chat").click();
    await expect(badge).toHaveCount(0);
    await expectOnScreen(page, page.getByTestId("chat-log"), "chat log after Chat");

    // Vote: still one tap; desktop shows both columns side by side and no bar.
    await playUntil(humans, phaseIs("vote"));
    await expect(winner()).toHaveCount(0);
    await page.getByTestId("bar-chat").click();
    await expectOnScreen(page, page.getByTestId("chat-log"), "chat log in the vote");
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(bar()).toBeHidden();
    const grid = (await page.getByTestId("player-grid").boundingBox())!;
    const chat = (await page.getByTestId("chat").boundingBox())!;
    expect(chat.x, "chat to the right of the players on desktop").toBeGreaterThanOrEqual(grid.x + grid.width);
    await page.setViewportSize({ width: 390, height: 844 });

    // Play on while reading the chat at the bottom of the page: the end opens at the top.
    await Promise.all([
      // Checked and tapped in one step of the page: a tap after the end would rightly go to the chat.
      autoplay(page, winner(), 360_000, async () => {
        await page.evaluate(() => {
          if (document.querySelector('[data-testid="winner"]')) return;
          document.querySelector<HTMLElement>('[data-testid="bar-chat"]')?.click();
        });
      }),
      autoplay(writer.page, writer.page.getByTestId("winner"), 360_000),
    ]);
    await expect.poll(scrollY).toBe(0);
    await expectOnScreen(page, winner(), "winner at the end");
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
    await closeAll(humans);
  }
});
