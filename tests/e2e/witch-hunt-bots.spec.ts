// Issue 25 item 8: Catch the Witch played to the end through the UI by one person and bots, at the
// largest (12) and smallest (4) tables, on the production build; the wire auditor checks what the
// person's browser received (WH-R41–R44). With SCREENSHOTS=1 every screen the person meets is saved.
import { expect, test } from "@playwright/test";
import { closeAll, newPlayer } from "./support/players";
import { checkScreen } from "./support/screens";
import { whAutoplay, type WhPlay } from "./support/wh-driver";
import { checkEnd, fillWithBots, learnWhRole, openWitchHuntRoom } from "./support/wh-table";
import { LONG_NAME_A } from "./support/layout";

/** WH-P1: the roles dealt at 4 and 12. */
const DEALT: Record<number, string[]> = {
  4: ["healer", "seer", "villager", "witch"],
  12: ["clown", "crow", "guard", "healer", "pickpocket", "seer", "villager", "villager", "villager", "witch", "witch", "witch"],
};

for (const [count, timed] of [
  [12, false],
  [4, true],
] as const) {
  test(`WH-R1, WH-P1, WH-P8: ${count} players (1 person + ${count - 1} bots, ${timed ? "timed" : "untimed"}) play a whole game through the UI`, async ({ browser }) => {
    // A 12-seat game under a loaded 2-core machine can outlast the suite's default 4 minutes.
    test.setTimeout(480_000);
    const solo = await newPlayer(browser, count === 4 ? LONG_NAME_A : "Solo");
    try {
      const { page } = solo;
      await openWitchHuntRoom(solo, timed, count === 12 ? "wh-lobby" : undefined);
      await fillWithBots(page, count, 1);
      await page.getByTestId("ready-toggle").click();
      await expect(page.getByTestId("start")).toBeEnabled();
      await page.getByTestId("start").click();
      await learnWhRole(solo);
      await expect(page.getByTestId("tile")).toHaveCount(count);
      await expect(page.locator('[data-testid="tile"][data-bot="true"]')).toHaveCount(count - 1);
      const play: WhPlay = { seen: new Set(), acted: 0 };
      const winner = page.getByTestId("winner");
      // Every step's screen is checked (axe) in the small game; the big one's only for the pictures.
      const shots = count === 4 || process.env.SCREENSHOTS === "1" ? { prefix: `wh${count}`, play } : undefined;
      const acted = await whAutoplay(page, winner, 450_000, shots);
      expect(acted).toBeGreaterThan(0);
      const roles = await checkEnd(solo, count);
      expect(Object.values(roles).sort()).toEqual(DEALT[count]);
      await checkScreen(page, `wh${count}-results`);
    } finally {
      await closeAll([solo]);
    }
  });
}
