// Issue 22 item 9: a room keeps its past games. A host (20-character name) and seven bots play two
// games; after the second "Play again" the lobby lists both, newest first, and each opens its
// results page `/g/<id>` with the right winner and roles, also after a reload. An outsider gets
// the not-available page, with the same title as the players' page (nothing in it to leak).
import { expect, test, type Page } from "@playwright/test";
import { autoplay } from "./support/driver";
import { LONG_NAME_A, openBotRoom } from "./support/layout";
import { closeAll, newPlayer } from "./support/players";
import { checkScreen } from "./support/screens";

interface Played {
  id: string;
  winner: string;
  roles: Record<string, string>;
}

/** winner and every role as the results board shows them. */
async function board(page: Page): Promise<Omit<Played, "id">> {
  const winner = (await page.getByTestId("winner").getAttribute("data-winner"))!;
  const roles: Record<string, string> = {};
  for (const row of await page.locator('[data-testid="results-roles"] [data-player]').all()) {
    roles[(await row.getAttribute("data-player"))!] = (await row.getAttribute("data-role"))!;
  }
  return { winner, roles };
}

/** The lobby → Start → played through the UI to the results → Play again, back to the lobby. */
async function playOne(page: Page, code: string): Promise<Played> {
  await page.getByTestId("start").click();
  await expect(page.getByTestId("phase-banner")).toHaveAttribute("data-phase", /^night\./, { timeout: 30_000 });
  const { room } = (await (await page.request.get(`/api/rooms/${code}`)).json()) as { room: { gameId: string } };
  await autoplay(page, page.getByTestId("winner"));
  const played = { id: room.gameId, ...(await board(page)) };
  expect(Object.keys(played.roles)).toHaveLength(8);
  await page.getByTestId("play-again").click();
  await expect(page.getByTestId("ready-toggle")).toBeVisible();
  return played;
}

test("history: two games with bots, both listed after Play again, each results page right (and after a reload); an outsider reads nothing", async ({ browser }) => {
  test.setTimeout(600_000);
  const host = await newPlayer(browser, LONG_NAME_A);
  const outsider = await newPlayer(browser, "Outsider");
  try {
    const { page } = host;
    await openBotRoom(host);
    const code = page.url().slice(-6);
    await expect(page.getByTestId("earlier-games")).toHaveCount(0);

    const first = await playOne(page, code);
    await expect(page.getByTestId("earlier-game")).toHaveCount(1);
    await page.getByTestId("ready-toggle").click();
    await expect(page.getByTestId("is-ready")).toHaveCount(8);
    await expect(page.getByTestId("start")).toBeEnabled();
    const second = await playOne(page, code);

    // The lobby lists both, newest first, with their winners and the host's own outcome.
    const items = page.getByTestId("earlier-game");
    await expect(items).toHaveCount(2);
    expect(await items.evaluateAll((els) => els.map((e) => [e.getAttribute("data-game"), e.getAttribute("data-winner")]))).toEqual([
      [second.id, second.winner],
      [first.id, first.winner],
    ]);
    await expect(items.getByTestId("earlier-outcome")).toHaveCount(2);
    await page.getByTestId("earlier-games").scrollIntoViewIfNeeded();
    await checkScreen(page, "history-lobby");

    for (const played of [second, first]) {
      await page.locator(`[data-testid="earlier-game"][data-game="${played.id}"]`).click();
      await page.waitForURL(`**/g/${played.id}`);
      await expect(page.getByTestId("winner")).toBeVisible();
      expect(await board(page)).toEqual({ winner: played.winner, roles: played.roles });
      await expect(page.getByTestId("play-again")).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId("winner")).toBeVisible();
      expect(await board(page)).toEqual({ winner: played.winner, roles: played.roles });
      await page.getByTestId("back-to-room").click();
      await page.waitForURL(`**/r/${code}`);
      await expect(page.getByTestId("earlier-game")).toHaveCount(2);
    }

    // The results page in each language, on phone and desktop.
    await page.goto(`/g/${second.id}`);
    const title = await page.title();
    for (const lang of ["vi", "en", "zh"]) {
      await page.getByTestId("language").selectOption(lang);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByTestId("winner")).toBeVisible();
      await checkScreen(page, `history-results-${lang}`);
    }
    await page.getByTestId("language").selectOption("vi");
    await expect(page.locator("html")).toHaveAttribute("lang", "vi");

    // An outsider (signed in, never in the room) and a visitor without a session: not available,
    // the same page and title as for a game that does not exist.
    await outsider.page.goto("/");
    await outsider.page.getByTestId("name-input").fill(outsider.name);
    await outsider.page.getByTestId("name-submit").click();
    await expect(outsider.page.getByTestId("create-room")).toBeVisible();
    for (const path of [`/g/${first.id}`, "/g/00000000-0000-4000-8000-000000000000"]) {
      await outsider.page.goto(path);
      await expect(outsider.page.getByTestId("game-not-available")).toBeVisible();
      await expect(outsider.page.getByTestId("winner")).toHaveCount(0);
      expect(await outsider.page.title()).toBe(title);
    }
    const html = await (await outsider.page.request.get(`/g/${first.id}`)).text();
    // The HTML names no player (by name or id): the board is read by the browser, under RLS.
    for (const who of [LONG_NAME_A, ...Object.keys(first.roles)]) expect(html).not.toContain(who);
    await checkScreen(outsider.page, "history-not-available");
  } finally {
    await closeAll([host, outsider]);
  }
});
