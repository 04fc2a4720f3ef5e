// Issue 5: one person + 7 bots is a complete game — the way to try Ma Sói alone. The landing page's
// "Play with bots" seats seven bots that come ready; the host adds and removes bots in the lobby;
// the game is played through the UI to the end while the bots act from their own views.
import { expect, test } from "@playwright/test";
import { autoplay } from "./support/driver";
import { closeAll, learnOwnRole, newPlayer } from "./support/players";
import { checkScreen } from "./support/screens";
import { auditPlayer } from "./support/wire-audit";

test("one person + 7 bots: Play with bots → Start → a whole game through the UI; bots marked everywhere", async ({ browser }) => {
  const solo = await newPlayer(browser, "Solo");
  try {
    const { page } = solo;
    await page.goto("/");
    await page.getByTestId("name-input").fill(solo.name);
    await page.getByTestId("name-submit").click();
    await expect(page.getByTestId("play-with-bots")).toBeVisible();
    await page.getByTestId("play-with-bots").click();
    await page.waitForURL(/\/r\/[A-Z0-9]{6}$/);

    // The lobby: 8 seats, 7 of them bots (badge, robot avatar), all ready; Start is available.
    await expect(page.getByTestId("seat")).toHaveCount(8);
    const bots = page.locator('[data-testid="seat"][data-bot="true"]');
    await expect(bots).toHaveCount(7);
    await expect(bots.getByTestId("bot-badge")).toHaveCount(7);
    await expect(bots.locator('svg[data-appearance="bot"]')).toHaveCount(7);
    await expect(page.getByTestId("is-ready")).toHaveCount(8);
    await expect(page.getByTestId("start")).toBeEnabled();

    // The host removes a bot (Start gets its reason back) and adds one again.
    await bots.first().getByTestId("remove-bot").click();
    await expect(page.getByTestId("seat")).toHaveCount(7);
    await expect(page.getByTestId("start")).toBeDisabled();
    await expect(page.getByTestId("start-hint")).toContainText("8");
    await page.getByTestId("add-bot").click();
    await expect(bots).toHaveCount(7);
    await expect(page.getByTestId("is-ready")).toHaveCount(8);
    await checkScreen(page, "lobby-bots");

    await page.getByTestId("start").click();
    await expect(page.getByTestId("phase-banner")).toHaveAttribute("data-phase", /^night\./, { timeout: 30_000 });
    await learnOwnRole(solo);
    await expect(page.locator('[data-testid="tile"][data-bot="true"]')).toHaveCount(7);
    await expect(page.locator('[data-testid="tile"][data-bot="true"]').getByTestId("bot-badge")).toHaveCount(7);
    await checkScreen(page, "game-bots");

    // Play whatever the UI offers until the bots and the timers have finished the game.
    const winner = page.getByTestId("winner");
    const acted = await autoplay(page, winner);
    expect(acted).toBeGreaterThan(0);
    await expect(winner).toHaveAttribute("data-winner", /^(village|wolves|draw)$/);
    const board = page.locator('[data-testid="results-roles"] [data-player]');
    await expect(board).toHaveCount(8);
    await expect(page.getByTestId("results-roles").getByTestId("bot-badge")).toHaveCount(7);
    // The bots acted through the player path: their picks, votes or inspections are in the timeline.
    await expect(page.getByTestId("timeline")).not.toBeEmpty();
    const roles: Record<string, string> = {};
    for (const row of await board.all()) roles[(await row.getAttribute("data-player"))!] = (await row.getAttribute("data-role"))!;
    expect(roles[solo.id]).toBe(solo.role);
    expect(Object.values(roles).sort()).toEqual(["guard", "hunter", "seer", "villager", "villager", "witch", "wolf", "wolf"]);
    // P-2 for the one person at the table: nothing of the bots' secrets reached the browser.
    expect(auditPlayer(solo.id, solo.wire, { roles })).toEqual([]);
    await checkScreen(page, "results-bots");

    // Play again: back in the lobby, the bots make themselves ready again.
    await page.getByTestId("play-again").click();
    await expect(page.getByTestId("ready-toggle")).toHaveAttribute("aria-pressed", "false");
    await expect(page.locator('[data-testid="seat"][data-bot="true"] [data-testid="is-ready"]')).toHaveCount(7);
  } finally {
    await closeAll([solo]);
  }
});
