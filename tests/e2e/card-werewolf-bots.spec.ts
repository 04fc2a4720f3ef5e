// Issue 26 item 5: the Werewolf card game played to the end through the UI by one person and bots,
// at 6 (basic game) and 12 (the Powerful Angel) on the production build; the wire auditor checks
// what the person's browser received (section 11). With SCREENSHOTS=1 every screen is saved.
import { expect, test, type Page } from "@playwright/test";
import { checkCwEnd, learnCwRole, openCardRoom, type CwSettings } from "./support/cw-table";
import { cwAutoplay, type CwPlay } from "./support/cw-driver";
import { expectNoSideScroll, LONG_NAME_A } from "./support/layout";
import { fillWithBots, resultRoles } from "./support/mode-table";
import { closeAll, newPlayer } from "./support/players";
import { checkScreen } from "./support/screens";

/**
 * A step another player ends remounts the step's own block only (game-screen.tsx): the chat's
 * draft stays in the same input and the host's End game question stays open. Each element is
 * marked, and the step's block is seen to lose its mark (remounted) while the others keep theirs.
 */
async function checkStepKeepsDrafts(page: Page): Promise<void> {
  const input = page.getByTestId("chat-input");
  await expect(input).toBeVisible({ timeout: 60_000 });
  const draft = "nháp chưa gửi — a draft not sent";
  await input.fill(draft);
  await page.getByTestId("end-game").click();
  const question = page.getByTestId("end-game-confirm");
  await expect(question).toBeVisible();
  for (const el of [page.getByTestId("action-panel"), input, question]) await el.evaluate((e) => (e.dataset.kept = "1"));
  await expect(page.locator('[data-testid="action-panel"]:not([data-kept])')).toBeVisible({ timeout: 60_000 });
  await expect(question).toHaveAttribute("data-kept", "1");
  // The table's chat closes only at night (CW-P11): while it is open, the draft is the one typed.
  if (await input.isVisible()) {
    await expect(input).toHaveAttribute("data-kept", "1");
    await expect(input).toHaveValue(draft);
    await input.fill("");
  }
  await page.getByTestId("end-game-no").click();
  await expect(page.getByTestId("end-game")).toBeVisible();
}

/** CW-P1 (and CW-R39's substitution: no Traitor → a Werewolf): the roles dealt. */
const GAMES: { count: number; settings: CwSettings; dealt: string[] }[] = [
  { count: 6, settings: { angel: "none", traitor: false }, dealt: ["villager", "villager", "villager", "villager", "werewolf", "werewolf"] },
  { count: 12, settings: { angel: "powerful", traitor: false }, dealt: ["angel", ...Array(7).fill("villager"), ...Array(4).fill("werewolf")] },
];

for (const { count, settings, dealt } of GAMES) {
  test(`CW-P1, CW-R13, CW-R32${settings.angel === "powerful" ? ", CW-R45, CW-P9" : ", CW-R4"}: ${count} players (1 person + ${count - 1} bots) play a whole game through the UI`, async ({ browser }) => {
    const solo = await newPlayer(browser, count === 6 ? LONG_NAME_A : "Solo");
    try {
      const { page } = solo;
      await openCardRoom(solo, settings, `cw${count}-lobby`);
      await fillWithBots(page, count, 1);
      await page.getByTestId("ready-toggle").click();
      await expect(page.getByTestId("start")).toBeEnabled();
      await page.getByTestId("start").click();
      await learnCwRole(solo);
      await expect(page.getByTestId("tile")).toHaveCount(count);
      await expect(page.locator('[data-testid="tile"][data-bot="true"]')).toHaveCount(count - 1);
      await expectNoSideScroll(page, `cw${count} game`);
      await checkStepKeepsDrafts(page);
      const play: CwPlay = { seen: new Set(), acted: 0 };
      const acted = await cwAutoplay(page, page.getByTestId("winner"), 200_000, { prefix: `cw${count}`, play });
      expect(acted).toBeGreaterThanOrEqual(0);
      const roles = await checkCwEnd(solo, count);
      expect(Object.values(roles).sort()).toEqual([...dealt].sort());
      await expectNoSideScroll(page, `cw${count} results`);
      await checkScreen(page, `cw${count}-results`);
      if (count === 6) {
        // Play again: the lobby lists it as a card game in the game's own words; its page shows every role.
        const winner = (await page.getByTestId("winner").getAttribute("data-winner"))!;
        await page.getByTestId("play-again").click();
        const earlier = page.getByTestId("earlier-game");
        await expect(earlier).toHaveCount(1);
        await expect(earlier).toHaveAttribute("data-mode", "card-werewolf");
        await expect(earlier).toHaveAttribute("data-winner", winner);
        await expect(earlier).not.toContainText(/\b(cw|results|modes|history)\./);
        await earlier.scrollIntoViewIfNeeded();
        await checkScreen(page, "cw6-earlier-games");
        await earlier.click();
        await page.waitForURL(/\/g\/[0-9a-f-]{36}$/);
        await expect(page.getByTestId("winner")).toHaveAttribute("data-winner", winner);
        await expect(page.getByTestId("play-again")).toHaveCount(0);
        expect(await resultRoles(solo)).toEqual(roles);
        await checkScreen(page, "cw6-past-results");
      }
    } finally {
      await closeAll([solo]);
    }
  });
}
