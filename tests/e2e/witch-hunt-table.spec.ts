// Issue 25 item 8: Catch the Witch at 8 (2 people + 6 bots) with one person a witch, played to the
// end through the UI: the witches' dialog on the witch's phone, the same Daytime on the other's;
// a double tap never sends, a reload mid-step lands on the same step; the wire auditor checks both.
import { expect, test } from "@playwright/test";
import { LONG_NAME_A, LONG_NAME_B } from "./support/layout";
import { closeAll, joinByLink, newPlayer, type Player } from "./support/players";
import { whAutoplay, type WhPlay } from "./support/wh-driver";
import { checkEnd, fillWithBots, learnWhRole, openWitchHuntRoom } from "./support/wh-table";

/** Starts a game and reads both roles; a deal without a witch among the people is ended by the host. */
async function startWithAWitch(host: Player, guest: Player): Promise<void> {
  for (let deal = 0; deal < 12; deal++) {
    for (const p of [host, guest]) {
      const toggle = p.page.getByTestId("ready-toggle");
      await expect(toggle).toBeVisible();
      if ((await toggle.getAttribute("aria-pressed")) === "false") await toggle.click();
      await expect(toggle).toHaveAttribute("aria-pressed", "true");
    }
    await expect(host.page.getByTestId("start")).toBeEnabled();
    await host.page.getByTestId("start").click();
    await Promise.all([host, guest].map(learnWhRole));
    if (host.role === "witch" || guest.role === "witch") return;
    // The host's End game (asked twice) and Play again: a new deal.
    await host.page.getByTestId("end-game").click();
    await host.page.getByTestId("end-game-yes").click();
    await expect(host.page.getByTestId("winner")).toBeVisible();
    await host.page.getByTestId("play-again").click();
  }
  throw new Error("no deal gave a person the witch's card");
}

test("WH-R22, WH-P5, WH-R41: 8 players, 2 people (one a witch) + 6 bots, to the end; nothing secret on either wire", async ({ browser }) => {
  const host = await newPlayer(browser, LONG_NAME_A);
  const guest = await newPlayer(browser, LONG_NAME_B);
  try {
    const link = await openWitchHuntRoom(host, false);
    await joinByLink(guest, link);
    await fillWithBots(host.page, 8);
    await startWithAWitch(host, guest);
    const witch = host.role === "witch" ? host : guest;
    const other = witch === host ? guest : host;
    // The witch's role card names the other witches (WH-P5); the other person's names none.
    await expect(witch.page.getByTestId("witch-mates")).toBeVisible();
    await expect(other.page.getByTestId("witch-mates")).toHaveCount(0);

    // A reload mid-step lands on the same step with the same role.
    await expect(witch.page.getByTestId("phase-banner")).toHaveAttribute("data-phase", /^(start|day\.pick)$/);
    const phase = await witch.page.getByTestId("phase-banner").getAttribute("data-phase");
    await witch.page.reload();
    await expect(witch.page.getByTestId("wh-role-card")).toBeVisible();
    if (phase === "start") await expect(witch.page.getByTestId("phase-banner")).toHaveAttribute("data-phase", /^(start|day\.pick)$/);
    else await expect(witch.page.getByTestId("phase-banner")).toHaveAttribute("data-phase", /^day\./);
    await witch.page.getByTestId("role-toggle").click();
    await expect(witch.page.getByTestId("my-role")).toHaveAttribute("data-role", "witch");

    // A double tap on a location asks, never sends: nothing is marked as picked until confirmed.
    if ((await other.page.getByTestId("action-ready").count()) > 0) {
      await other.page.getByTestId("action-ready").click();
      await other.page.getByTestId("confirm").click();
    }
    await expect(other.page.getByTestId("phase-banner")).toHaveAttribute("data-phase", "day.pick", { timeout: 30_000 });
    const tile = other.page.getByTestId("location-pick").first();
    if (await tile.isEnabled()) {
      await tile.dblclick();
      await expect(other.page.getByTestId("confirm-bar")).toBeVisible();
      await expect(other.page.locator('[data-testid="location-pick"][data-mine="true"]')).toHaveCount(0);
      await other.page.getByTestId("cancel").click();
    }

    const plays: WhPlay[] = [{ seen: new Set(), acted: 0 }, { seen: new Set(), acted: 0 }];
    await Promise.all(
      [witch, other].map((p, i) => whAutoplay(p.page, p.page.getByTestId("winner"), 330_000, { prefix: i === 0 ? "wh8-witch" : "wh8-village", play: plays[i] })),
    );
    // The witches' 15 s showed their dialog on the witch's screen, the gathering screen on the other's.
    expect([...plays[0].seen]).toContain("day.witch-witch");
    expect([...plays[1].seen]).not.toContain("day.witch-witch");
    const roles = await checkEnd(witch, 8);
    expect(await checkEnd(other, 8)).toEqual(roles);
  } finally {
    await closeAll([host, guest]);
  }
});
