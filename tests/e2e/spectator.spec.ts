// Issue 22 items 6 and 8: someone who opens the invite link mid-game is told a game is running
// before any name is asked, watches it to the end with the wire auditor on (nothing a villager may
// not read, over HTTP and the stream) and sees the results; someone who chose to wait moves on to
// "Join" by itself when the host presses "Play again". One person + 7 bots keeps it short.
import { expect, test, type Page } from "@playwright/test";
import { autoplay } from "./support/driver";
import { closeAll, learnOwnRole, newPlayer, type Player } from "./support/players";
import { checkScreen } from "./support/screens";
import { auditPlayer } from "./support/wire-audit";

/** A 20-character name without spaces: the longest a name may be. */
const SPECTATOR = "NguoiXemCoTenRatDaiX";

async function inLocale(p: Player, lang: "vi" | "en" | "zh"): Promise<void> {
  await p.context.addCookies([{ name: "ms_locale", value: lang, url: p.page.url() }]);
  await p.page.reload();
  await expect(p.page.locator("html")).toHaveAttribute("lang", lang);
}

const userId = async (page: Page) => ((await (await page.request.get("/api/me")).json()) as { user: { id: string } }).user.id;

test("a spectator opens the link mid-game, watches to the results with nothing secret on its wire; a waiter moves on to Join after Play again", async ({ browser }) => {
  const host = await newPlayer(browser, "Chủ");
  const spectator = await newPlayer(browser, SPECTATOR);
  const waiter = await newPlayer(browser, "Chờ");
  try {
    await host.page.goto("/");
    await host.page.getByTestId("name-input").fill(host.name);
    await host.page.getByTestId("name-submit").click();
    await expect(host.page.getByTestId("play-with-bots")).toBeVisible({ timeout: 60_000 });
    await host.page.getByTestId("play-with-bots").click();
    await host.page.waitForURL(/\/r\/[A-Z0-9]{6}$/);
    const path = new URL(host.page.url()).pathname;
    await expect(host.page.getByTestId("start")).toBeEnabled();
    await host.page.getByTestId("start").click();
    await expect(host.page.getByTestId("phase-banner")).toHaveAttribute("data-phase", /^night\./, { timeout: 30_000 });
    await learnOwnRole(host);

    // Before any name: the room's members and that a game runs, with Watch and Wait.
    await spectator.page.goto(path);
    await expect(spectator.page.getByTestId("invite-in-game")).toBeVisible();
    await expect(spectator.page.getByTestId("invite-members").locator("li")).toHaveCount(8);
    await expect(spectator.page.getByTestId("name-input")).toHaveCount(0);
    for (const lang of ["en", "zh", "vi"] as const) {
      await inLocale(spectator, lang);
      await expect(spectator.page.getByTestId("invite-watch")).toBeVisible();
      await checkScreen(spectator.page, `invite-in-game-${lang}`);
    }
    await waiter.page.goto(path);
    await waiter.page.getByTestId("invite-wait").click();
    await expect(waiter.page.getByTestId("invite-waiting")).toBeVisible();
    await checkScreen(waiter.page, "invite-waiting-vi");

    await inLocale(spectator, "en");
    await spectator.page.getByTestId("invite-watch").click();
    await spectator.page.getByTestId("name-input").fill(SPECTATOR);
    await spectator.page.getByTestId("name-submit").click();
    await expect(spectator.page.getByTestId("watching-banner")).toBeVisible();
    spectator.id = await userId(spectator.page);
    // The waiter's page is live: one more in the room; the players' screens say one is watching.
    await expect(waiter.page.getByTestId("invite-members").locator("li")).toHaveCount(9);
    await expect(host.page.getByTestId("watching-count")).toContainText("1");
    // A spectator has no role card, no actions and no way to chat.
    await expect(spectator.page.getByTestId("role-toggle")).toHaveCount(0);
    await expect(spectator.page.getByTestId("action-panel")).toHaveCount(0);
    await expect(spectator.page.getByTestId("chat-send")).toBeDisabled();
    await expect(spectator.page.locator('[data-testid="tile"][data-me="true"]')).toHaveCount(0);
    await checkScreen(spectator.page, "watching-en");
    // A reload lands on the same screen; the other languages say the same.
    for (const lang of ["zh", "vi"] as const) {
      await inLocale(spectator, lang);
      await expect(spectator.page.getByTestId("watching-banner")).toBeVisible();
      await checkScreen(spectator.page, `watching-${lang}`);
    }

    // The host plays on (the bots and the timers do the rest); the spectator sees the results.
    const winner = host.page.getByTestId("winner");
    await autoplay(host.page, winner);
    await expect(spectator.page.getByTestId("winner")).toBeVisible({ timeout: 30_000 });
    const board = spectator.page.locator('[data-testid="results-roles"] [data-player]');
    await expect(board).toHaveCount(8);
    const roles: Record<string, string> = {};
    for (const row of await board.all()) roles[(await row.getAttribute("data-player"))!] = (await row.getAttribute("data-role"))!;
    expect(roles[host.id]).toBe(host.role);
    expect(roles[spectator.id]).toBeUndefined();
    // P-2 for a spectator: its bytes are held to a villager's rules (no other's role, no wolf chat, nothing private).
    expect(spectator.wire.records.some((r) => r.kind === "sse")).toBe(true);
    expect(auditPlayer(spectator.id, spectator.wire, { roles })).toEqual([]);
    // The waiter never was a member: nothing of the game reached it at all.
    expect(auditPlayer(await userId(waiter.page).catch(() => ""), waiter.wire, { roles })).toEqual([]);
    await checkScreen(spectator.page, "watching-results-vi");

    // Play again: the waiter's page moves on to Join by itself; the spectator is an ordinary member.
    await host.page.getByTestId("play-again").click();
    await expect(waiter.page.getByTestId("name-input")).toBeVisible({ timeout: 15_000 });
    await waiter.page.getByTestId("name-input").fill(waiter.name);
    await waiter.page.getByTestId("name-submit").click();
    await expect(waiter.page.getByTestId("ready-toggle")).toBeVisible();
    await expect(spectator.page.getByTestId("ready-toggle")).toHaveAttribute("aria-pressed", "false");
    await expect(host.page.getByTestId("seat")).toHaveCount(10);
  } finally {
    await closeAll([host, spectator, waiter]);
  }
});
