// Issue 26 item 5: the advanced card game at 8 (the Angel and the Traitor, CW-R39) with 2 people
// (20-character names) + 6 bots, to the end through the UI: a hand card dragged with the mouse onto a
// player asks (on the phone's target list and on a desktop table tile), dropped elsewhere does
// nothing; a double tap on a target asks and never sends, a reload on the person's own turn lands on
// the same turn with the same hand; the wire auditor checks both browsers (section 11).
import { expect, test, type Locator, type Page } from "@playwright/test";
import { auditCwDeal, checkCwEnd, learnCwRole, openCardRoom } from "./support/cw-table";
import { cwAutoplay, type CwPlay } from "./support/cw-driver";
import { expectNoSideScroll, expectWholeName, LONG_LINE, LONG_NAME_A, LONG_NAME_B } from "./support/layout";
import { fillWithBots } from "./support/mode-table";
import { closeAll, joinByLink, newPlayer, setReady } from "./support/players";
import { checkScreen } from "./support/screens";

const DEALT = ["angel", "traitor", "villager", "villager", "villager", "villager", "werewolf", "werewolf"];

/** A real drag (mouse down, moves, up) of a hand card onto `to`, which shows once the card is lifted; false when `to` never lit up. */
async function dragCard(page: Page, card: Locator, target: Locator | (() => Promise<Locator>)): Promise<boolean> {
  // The card near the top of the screen (under the sticky banner), so the targets fit below it.
  await card.evaluate((el) => scrollBy(0, el.getBoundingClientRect().top - 140));
  const a = (await card.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 24, { steps: 4 });
  await expect(card).toHaveAttribute("data-dragging", "true");
  // Chosen once the card is lifted and the page has scrolled to it (a function picks it then).
  const to = typeof target === "function" ? await target() : target;
  await expect(to).toBeVisible();
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  const lit = await to.getAttribute("data-drop-over");
  await page.mouse.up();
  await expect(card).not.toHaveAttribute("data-dragging", "true");
  return lit === "true";
}

/** Waits for this seat's turn (CW-R13); false when the game ended first. */
async function waitForTurn(page: Page): Promise<boolean> {
  const turn = page.getByTestId("your-turn");
  const done = page.getByTestId("winner");
  await expect(turn.or(done)).toBeVisible({ timeout: 120_000 });
  return turn.isVisible();
}

test("CW-R39, CW-R41, CW-R44, CW-R13, CW-P10, CW-P11: 8 players, 2 people + 6 bots, advanced, to the end; a double tap never sends, a reload keeps the turn; a 500-char line; nothing secret on either wire", async ({ browser }) => {
  const host = await newPlayer(browser, LONG_NAME_A);
  const guest = await newPlayer(browser, LONG_NAME_B);
  try {
    const link = await openCardRoom(host, { angel: "basic", traitor: true }, "cw8-lobby");
    await joinByLink(guest, link);
    await fillWithBots(host.page, 8, 2);
    await setReady(guest);
    await setReady(host);
    // CW-R44: the Angel's look is a screen of its own. A deal that gives neither person the Angel is
    // ended by the host (each wire audited against that deal's roles) and dealt again, a few times.
    let deal = 1;
    for (; ; deal++) {
      await expect(host.page.getByTestId("start")).toBeEnabled();
      await host.page.getByTestId("start").click();
      await Promise.all([host, guest].map(learnCwRole));
      if (host.role === "angel" || guest.role === "angel" || deal === 8) break;
      await host.page.getByTestId("end-game").click();
      await host.page.getByTestId("end-game-yes").click();
      for (const p of [host, guest]) {
        await expect(p.page.getByTestId("winner")).toHaveAttribute("data-winner", "none");
        await auditCwDeal(p, 8);
      }
      await host.page.getByTestId("play-again").click();
      for (const p of [guest, host]) {
        const toggle = p.page.getByTestId("ready-toggle");
        await expect(toggle).toBeVisible();
        if ((await toggle.getAttribute("aria-pressed")) === "false") await toggle.click();
        await expect(toggle).toHaveAttribute("aria-pressed", "true");
      }
    }
    const angel = [host, guest].find((p) => p.role === "angel");
    console.log(`cw8 deal: ${deal} deal(s), the Angel ${angel ? "a person" : "a bot"}`);
    if (angel) {
      // On Day 1 the Angel alone opens what it saw: one player's role (CW-R44).
      await expect(angel.page.getByTestId("angel-reveal-open")).toBeVisible({ timeout: 60_000 });
      await angel.page.getByTestId("angel-reveal-open").click();
      await expect(angel.page.getByTestId("angel-reveal")).toBeVisible();
      // Turned face down again, it hides behind its button; opened for the picture.
      await angel.page.getByTestId("angel-reveal").getByRole("button").click();
      await angel.page.getByTestId("angel-reveal-open").click();
      await expect(angel.page.getByTestId("angel-reveal")).toBeVisible();
      // Opened, it stays open while the turn moves on (the step's board remounts for every turn).
      const turnOf = () => angel.page.locator('[data-testid="tile"][data-turn="true"]').getAttribute("data-player");
      const turn = await turnOf();
      await expect.poll(turnOf, { timeout: 60_000 }).not.toBe(turn);
      await expect(angel.page.getByTestId("angel-reveal")).toBeVisible();
      await checkScreen(angel.page, "cw8-angel-look");
      await expect((angel === host ? guest : host).page.getByTestId("angel-reveal-open")).toHaveCount(0);
    }
    for (const p of [host, guest]) {
      await expectWholeName(p.page.getByTestId("player-grid"), LONG_NAME_A, "cw8 table");
      await expectWholeName(p.page.getByTestId("player-grid"), LONG_NAME_B, "cw8 table");
      await expectNoSideScroll(p.page, "cw8 game");
    }
    // CW-R41: a Werewolf-team member's role card names the pack; nobody else's does.
    for (const p of [host, guest]) {
      if (p.role === "werewolf" || p.role === "traitor") await expect(p.page.getByTestId("wolf-mates")).toBeVisible();
      else await expect(p.page.getByTestId("wolf-mates")).toHaveCount(0);
    }

    // The guest's first turn: a double tap on a target asks once, sends nothing; then a reload.
    const { page } = guest;
    if (await waitForTurn(page)) {
      const hand = await page.getByTestId("hand-card").evaluateAll((cs) => cs.map((c) => c.getAttribute("data-card")).sort());
      // Drag to play (issue 26 item 4): a drop on no player does nothing; a drop on a player's
      // button under the hand (phone) or on a tile of the table (desktop) asks, as a tap would.
      const draggable = page.locator('[data-testid="hand-card"][data-drag="true"]').first();
      if ((await draggable.count()) > 0) {
        const heading = page.getByTestId("hand").getByRole("heading");
        expect(await dragCard(page, draggable, heading)).toBe(false);
        await expect(page.getByTestId("confirm-bar")).toHaveCount(0);
        await expect(page.getByTestId("targets")).toHaveCount(0);
        expect(await dragCard(page, draggable, page.getByTestId("targets").getByTestId("target-play").first())).toBe(true);
        await expect(page.getByTestId("confirm")).toHaveAttribute("data-armed", "true");
        await page.getByTestId("cancel").click();
        await page.setViewportSize({ width: 1280, height: 900 });
        // A tile wholly in view: the table's first row can sit under the sticky phase banner.
        const tileInView = async () => {
          const i = await page.locator("[data-drop]").evaluateAll((tiles) =>
            tiles.findIndex((t) => {
              const r = t.getBoundingClientRect();
              return r.top > 120 && r.bottom < innerHeight;
            }),
          );
          return page.locator("[data-drop]").nth(Math.max(i, 0));
        };
        expect(await dragCard(page, draggable, tileInView)).toBe(true);
        await expect(page.getByTestId("confirm")).toHaveAttribute("data-armed", "true");
        await page.getByTestId("cancel").click();
        await page.setViewportSize({ width: 390, height: 844 });
        await expect(page.getByTestId("hand-card")).toHaveCount(hand.length);
        await draggable.click(); // the dropped card stays chosen, as after a tap: a tap puts it down
        await expect(page.getByTestId("targets")).toHaveCount(0);
      }
      const card = page.locator('[data-testid="hand-card"]:not([disabled])').first();
      await card.click();
      const target = page.getByTestId("target-play").first();
      await expect(target.or(page.getByTestId("confirm-bar"))).toBeVisible();
      if (await target.isVisible()) {
        await target.dblclick();
        await expect(page.getByTestId("confirm-bar")).toHaveCount(1);
        await expect(page.getByTestId("confirm")).toHaveAttribute("data-armed", "true");
        await page.getByTestId("cancel").click();
      } else await page.getByTestId("cancel").click(); // a card that can only be discarded (CW-P10) asked at once
      await expect(page.getByTestId("hand-card")).toHaveCount(hand.length);
      await page.reload();
      await expect(page.getByTestId("cw-role-card")).toBeVisible();
      const still = page.getByTestId("your-turn");
      if (await still.isVisible()) {
        const after = await page.getByTestId("hand-card").evaluateAll((cs) => cs.map((c) => c.getAttribute("data-card")).sort());
        expect(after).toEqual(hand);
      }
      await page.getByTestId("role-toggle").click();
      await expect(page.getByTestId("my-role")).toHaveAttribute("data-role", guest.role);
      // CW-P11: a 500-character line without a space reaches the other person's table talk, whole on the phone.
      const input = page.getByTestId("chat-input");
      if (await input.isVisible()) {
        await input.fill(LONG_LINE);
        await page.getByTestId("chat-send").click();
        await expect(host.page.getByTestId("chat-lines")).toContainText(LONG_LINE);
        await expectNoSideScroll(host.page, "cw8 chat");
      }
    }

    const plays: CwPlay[] = [{ seen: new Set(), acted: 0 }, { seen: new Set(), acted: 0 }];
    await Promise.all([host, guest].map((p, i) => cwAutoplay(p.page, p.page.getByTestId("winner"), 200_000, { prefix: i === 0 ? "cw8-host" : "cw8-guest", play: plays[i] })));
    const roles = await checkCwEnd(host, 8);
    expect(await checkCwEnd(guest, 8)).toEqual(roles);
    expect(Object.values(roles).sort()).toEqual(DEALT);
  } finally {
    await closeAll([host, guest]);
  }
});
