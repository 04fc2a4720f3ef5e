// Issue 25 item 8: Catch the Witch at 8 (2 people + 6 bots) with one person a witch, played to the
// end through the UI: the witches' dialog on the witch's phone, the same Daytime on the other's;
// a double tap never sends, a reload mid-step lands on the same step, the host marks the guest
// Absent in the Evening; the wire auditor checks both.
import { expect, test, type Locator } from "@playwright/test";
import { sendChat } from "./support/driver";
import { expectNoSideScroll, LONG_LINE, LONG_NAME_A, LONG_NAME_B } from "./support/layout";
import { closeAll, joinByLink, newPlayer, type Player } from "./support/players";
import { checkScreen } from "./support/screens";
import { whAutoplay, type WhPlay } from "./support/wh-driver";
import { auditDeal, checkEnd, fillWithBots, learnWhRole, openWitchHuntRoom } from "./support/wh-table";

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
    // Exactly one: the test plays one witch's phone beside a village one (both witches was dealt once).
    if ((host.role === "witch") !== (guest.role === "witch")) return;
    // The host's End game (asked twice) and Play again: a new deal.
    await host.page.getByTestId("end-game").click();
    await host.page.getByTestId("end-game-yes").click();
    // Every role is public now: each wire is audited against this deal's roles before the next deal.
    for (const p of [host, guest]) {
      await expect(p.page.getByTestId("winner")).toBeVisible();
      await auditDeal(p, 8);
    }
    await host.page.getByTestId("play-again").click();
  }
  throw new Error("no deal gave exactly one person the witch's card");
}

test("WH-R22, WH-P5, WH-R41: 8 players, 2 people (one a witch) + 6 bots, to the end; nothing secret on either wire", async ({ browser }) => {
  test.setTimeout(480_000);
  const host = await newPlayer(browser, LONG_NAME_A);
  const guest = await newPlayer(browser, LONG_NAME_B);
  try {
    const link = await openWitchHuntRoom(host, false);
    await joinByLink(guest, link);
    await fillWithBots(host.page, 8, 2);
    await startWithAWitch(host, guest);
    const witch = host.role === "witch" ? host : guest;
    const other = witch === host ? guest : host;
    // The witch's role card names the other witches (WH-P5); the other person's only for the Crow (WH-P6).
    await expect(witch.page.getByTestId("witch-mates")).toBeVisible();
    await expect(other.page.getByTestId("witch-mates")).toHaveCount(other.role === "crow" ? 1 : 0);

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
    for (const p of [witch, other]) {
      if ((await p.page.getByTestId("action-ready").count()) === 0) continue;
      await p.page.getByTestId("action-ready").click();
      await p.page.getByTestId("confirm").click();
    }
    await expect(other.page.getByTestId("phase-banner")).toHaveAttribute("data-phase", "day.pick", { timeout: 30_000 });
    const tile = other.page.getByTestId("location-pick").first();
    if (await tile.isEnabled()) {
      await tile.dblclick();
      await expect(other.page.getByTestId("confirm-bar")).toBeVisible();
      await expect(other.page.locator('[data-testid="location-pick"][data-mine="true"]')).toHaveCount(0);
      await other.page.getByTestId("cancel").click();
    }

    // WH-P10: the witches' own chat while the others pick; the other person has no such tab.
    await expect(witch.page.getByTestId("chat-tab-coven-1")).toHaveAttribute("aria-selected", "true");
    await sendChat(witch.page, "forest, then hex");
    await expect(other.page.getByTestId("chat-tab-coven-1")).toHaveCount(0);

    const plays: WhPlay[] = [{ seen: new Set(), acted: 0 }, { seen: new Set(), acted: 0 }];
    const play = (until: (p: Player) => Locator) =>
      Promise.all([witch, other].map((p, i) => whAutoplay(p.page, until(p).or(p.page.getByTestId("winner")).first(), 420_000, { prefix: i === 0 ? "wh8-witch" : "wh8-village", play: plays[i] })));
    // WH-R22: the witches' 15 s shows their dialog (counts per location) on the witch's phone only;
    // the other person's screen is the gathering one. Then both play on to the Evening.
    const evening = (p: Player) => p.page.locator('[data-testid="phase-banner"][data-phase="evening"]').or(p.page.getByTestId("winner")).first();
    await Promise.all([
      whAutoplay(other.page, evening(other), 420_000, { prefix: "wh8-village", play: plays[1] }),
      (async () => {
        await expect(witch.page.getByTestId("witch-dialog")).toBeVisible({ timeout: 120_000 });
        await expect(witch.page.getByTestId("location-count").first()).toBeVisible();
        await checkScreen(witch.page, "wh8-witch-dialog");
        await whAutoplay(witch.page, evening(witch), 420_000, { prefix: "wh8-witch", play: plays[0] });
      })(),
    ]);
    expect([...plays[1].seen]).not.toContain("day.witch-witch");
    // WH-R26, WH-P12: the Evening waits for the guest's OK; the host marks the guest Absent (only
    // people other than the host are offered; a double tap on the seat asks, never sends) and
    // everyone sees the mark. The guest's OK counts; the guest's next line at the table ends it.
    const absentBadge = (p: Player) => p.page.locator(`[data-testid="tile"][data-player="${guest.id}"] [data-testid="absent-badge"]`);
    // Only while the guest's OK is still untaken (its loop may have tapped it before it stopped).
    const marked = (await host.page.getByTestId("winner").count()) === 0 && (await guest.page.getByTestId("action-ok").count()) > 0;
    if (marked) {
      await host.page.getByTestId("absent-open").click();
      const seat = host.page.getByTestId("target-absent");
      await expect(seat).toHaveCount(1);
      await expect(seat).toHaveAttribute("data-target", guest.id);
      await seat.dblclick();
      await expect(host.page.getByTestId("confirm-bar")).toBeVisible();
      await expect(absentBadge(host)).toHaveCount(0);
      await checkScreen(host.page, "wh8-host-absent");
      await host.page.getByTestId("confirm").click();
      for (const p of [host, guest]) await expect(absentBadge(p)).toBeVisible();
      await expect(guest.page.getByTestId("action-ok")).toHaveCount(0);
      await expect(host.page.getByTestId("wh-absent")).toHaveCount(0);
    }
    // Past the Evening (either seat may end the discussion before the other's loop looks): the table talks.
    const talking = '[data-testid="phase-banner"]:not([data-phase="start"]):not([data-phase^="day."]):not([data-phase="evening"])';
    const discussion = (p: Player) => p.page.locator(talking).or(p.page.getByTestId("winner")).first();
    await Promise.all([witch, other].map((p, i) => whAutoplay(p.page, discussion(p), 420_000, { prefix: i === 0 ? "wh8-witch" : "wh8-village", play: plays[i] })));
    // The table's chat in the Evening discussion: a 500-character line without spaces stays inside.
    if ((await other.page.getByTestId("winner").count()) === 0) {
      await sendChat(other.page, LONG_LINE);
      await expect(witch.page.getByTestId("chat-log")).toContainText(LONG_LINE.slice(0, 40));
      for (const p of [witch, other]) await expectNoSideScroll(p.page, "the table chat with a 500-character line");
      await checkScreen(other.page, "wh8-village-chat");
      if (marked) {
        if (guest !== other) await sendChat(guest.page, "back");
        for (const p of [host, guest]) await expect(absentBadge(p)).toHaveCount(0);
      }
    }
    await play((p) => p.page.getByTestId("winner"));
    expect([...plays[1].seen]).not.toContain("day.witch-witch");
    const roles = await checkEnd(witch, 8);
    expect(await checkEnd(other, 8)).toEqual(roles);
  } finally {
    await closeAll([host, guest]);
  }
});
