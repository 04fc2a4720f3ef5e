// Issue 22 items 5 and 7 as two people play them: a kick holds (the kicked player is told at once
// and on every later visit, and the join is refused) until the host lets them back; the host role
// is passed by hand; the host ends a running game (bots fill the seats) and both people see the
// results with every role and who ended it. With SCREENSHOTS=1 the new lobby and results screens
// are taken in vi, en and zh.
import { expect, test, type Page } from "@playwright/test";
import { LONG_NAME_A } from "./support/layout";
import { closeAll, hostRoom, joinByLink, newPlayer, setReady } from "./support/players";
import { waitMoments } from "./support/moments";
import { checkScreen } from "./support/screens";

/** Each language's screenshot of what `page` shows now (a reload per language), then back to vi. */
async function screensInEveryLanguage(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  if (process.env.SCREENSHOTS !== "1") return void (await checkScreen(page, name));
  for (const l of ["vi", "en", "zh"]) {
    await page.context().addCookies([{ name: "ms_locale", value: l, url: page.url() }]);
    await page.reload();
    await ready();
    await checkScreen(page, l === "vi" ? name : `${name}-${l}`);
  }
  await page.context().addCookies([{ name: "ms_locale", value: "vi", url: page.url() }]);
  await page.reload();
}

test("kick holds until Allow back; Make Host; the host ends a running game and everyone sees every role", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await newPlayer(browser, LONG_NAME_A);
  const guest = await newPlayer(browser, "Khách");
  try {
    const link = await hostRoom(host);
    const code = new URL(link).pathname.split("/").pop()!;
    await joinByLink(guest, link);
    const guestSeat = host.page.locator('[data-testid="seat"]').filter({ hasText: guest.name });
    await expect(guestSeat).toBeVisible();

    // Kick: the guest's screen says so by itself, again after a reload, and the join is refused.
    await guestSeat.getByTestId("kick").click();
    await expect(guest.page.getByTestId("removed-notice")).toBeVisible();
    await guest.page.reload();
    await expect(guest.page.getByTestId("removed-notice")).toBeVisible();
    await screensInEveryLanguage(guest.page, "room-removed", () => expect(guest.page.getByTestId("removed-notice")).toBeVisible());
    const refused = await guest.page.request.post(`/api/rooms/${code}/join`, { data: {} });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe("KICKED");

    // The host's list; "Allow back" lets the guest in again.
    const removed = host.page.getByTestId("removed-player");
    await expect(removed).toHaveCount(1);
    await expect(removed).toContainText(guest.name);
    await screensInEveryLanguage(host.page, "lobby-removed", () => expect(host.page.getByTestId("removed-list")).toBeVisible());
    await host.page.getByTestId("allow-back").click();
    await expect(host.page.getByTestId("removed-list")).toHaveCount(0);
    await guest.page.reload();
    await guest.page.getByTestId("join-room").click();
    await expect(guest.page.getByTestId("ready-toggle")).toBeVisible();

    // Make Host, asked twice; the guest becomes host and gets the host's controls.
    await guestSeat.getByTestId("make-host").click();
    await expect(host.page.getByTestId("make-host-confirm")).toBeVisible();
    await screensInEveryLanguage(host.page, "lobby-make-host", async () => {
      await guestSeat.getByTestId("make-host").click();
      await expect(host.page.getByTestId("make-host-confirm")).toBeVisible();
    });
    if (process.env.SCREENSHOTS === "1") await guestSeat.getByTestId("make-host").click();
    await host.page.getByTestId("make-host-yes").click();
    await expect(guest.page.getByTestId("add-bot")).toBeVisible();
    await expect(host.page.getByTestId("add-bot")).toHaveCount(0);

    // The new host fills the table with bots and starts; then ends the game, asked twice.
    for (let i = 0; i < 6; i++) await guest.page.getByTestId("add-bot").click();
    await expect(guest.page.getByTestId("seat")).toHaveCount(8);
    await setReady(host);
    await setReady(guest);
    await expect(guest.page.getByTestId("start")).toBeEnabled();
    await guest.page.getByTestId("start").click();
    for (const p of [host, guest]) {
      await expect(p.page.getByTestId("phase-banner")).toHaveAttribute("data-phase", /^night\./, { timeout: 30_000 });
      await expect(p.page.getByTestId("tile").first()).toBeVisible();
      await waitMoments(p.page);
    }
    await expect(host.page.getByTestId("end-game")).toHaveCount(0);
    await guest.page.getByTestId("end-game").click();
    await expect(guest.page.getByTestId("end-game-confirm")).toBeVisible();
    await checkScreen(guest.page, "game-end-confirm");
    await guest.page.getByTestId("end-game-yes").click();

    for (const p of [host, guest]) {
      await expect(p.page.getByTestId("winner")).toHaveAttribute("data-winner", "none", { timeout: 20_000 });
      await expect(p.page.getByTestId("ended-by")).toContainText(guest.name);
      const rows = p.page.locator('[data-testid="results-roles"] [data-player]');
      await expect(rows).toHaveCount(8);
      for (const row of await rows.all()) expect(await row.getAttribute("data-role")).toMatch(/^[a-z_]+$/);
    }
    await screensInEveryLanguage(host.page, "results-ended-by-host", () => expect(host.page.getByTestId("ended-by")).toBeVisible());
  } finally {
    await closeAll([host, guest]);
  }
});
