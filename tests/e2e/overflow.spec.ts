// Issue 21, items 1 and 4: a 500-character chat line without spaces and 20-character names without
// spaces never make the page wider than a phone (390 px) — lobby, night, day with chat, vote,
// tally, results — and every picker, tile, tally and results row shows the whole name.
import { expect, test, type Page } from "@playwright/test";
import { closeAll, joinByLink, learnOwnRole, newPlayer, setReady, type Player } from "./support/players";
import { LONG_LINE, LONG_NAME_A, LONG_NAME_B, expectNoSideScroll, openBotRoom, expectWholeName, phaseIs, playUntil } from "./support/layout";
import { sendChat } from "./support/driver";

const LONG_NAME_C = "Ж".repeat(19) + "C";

async function everyone(players: Player[], where: string, check?: (p: Player) => Promise<void>): Promise<void> {
  for (const p of players) {
    await expectNoSideScroll(p.page, `${where} (${p.name})`);
    if (check) await check(p);
  }
}

/** Every target button naming another long-named player shows that whole name; returns how many. */
async function pickersShowWholeNames(p: Player, others: Player[], where: string): Promise<number> {
  let checked = 0;
  for (const o of others) {
    const buttons = p.page.locator(`[data-testid^="target-"][data-target="${o.id}"]`);
    for (const b of await buttons.all()) {
      if (!(await b.isVisible())) continue;
      await expectWholeName(b, o.name, `${where} picker of ${p.name}`);
      checked++;
    }
  }
  return checked;
}

const tilesShowWholeNames = (players: Player[], where: string) => async (p: Player) => {
  for (const o of players) await expectWholeName(p.page.locator(`[data-testid="tile"][data-player="${o.id}"]`), o.name, `${where} tile`);
};

test("1, 4: a 500-character line and 20-character names never widen a 390 px screen; names are whole everywhere", async ({ browser }) => {
  // A whole game of 3 people + 5 bots at the suite's scale: bots pace their days (issue 22).
  test.setTimeout(540_000);
  const host = await newPlayer(browser, LONG_NAME_A);
  const guests = [await newPlayer(browser, LONG_NAME_B), await newPlayer(browser, LONG_NAME_C)];
  const humans = [host, ...guests];
  try {
    const page: Page = host.page;
    await openBotRoom(host);
    // Two bots make room for two people with long names.
    for (let i = 0; i < 2; i++) {
      await page.locator('[data-testid="seat"][data-bot="true"]').first().getByTestId("remove-bot").click();
      await expect(page.getByTestId("seat")).toHaveCount(7 - i);
    }
    const link = await page.getByTestId("invite-link").inputValue();
    for (const g of guests) {
      await joinByLink(g, link);
      await setReady(g);
    }
    await expect(page.getByTestId("seat")).toHaveCount(8);
    await expect(page.getByTestId("is-ready")).toHaveCount(8);
    await everyone(humans, "lobby", async (p) => {
      for (const o of humans) await expectWholeName(p.page.getByTestId("seat-list"), o.name, "lobby seats");
    });

    await expect(page.getByTestId("start")).toBeEnabled();
    await page.getByTestId("start").click();
    for (const p of humans) await expect(p.page.getByTestId("phase-banner")).toHaveAttribute("data-phase", /^night\./, { timeout: 30_000 });
    for (const p of humans) await learnOwnRole(p);
    let pickers = 0;
    await everyone(humans, "night 1", async (p) => {
      await tilesShowWholeNames(humans, "night 1")(p);
      // The countdown beside the sound button and a long step title stays on one line ("0:1" / "1" before).
      const clock = await p.page.getByTestId("countdown").boundingBox();
      expect(clock?.height ?? 0, "countdown on one line").toBeLessThan(40);
      pickers += await pickersShowWholeNames(p, humans.filter((o) => o !== p), "night 1");
    });

    // Nobody acts at night: the night runs out and Day 1 opens with every human still to speak
    // (playing through it would also press "ready to vote" the moment the day opens).
    for (const p of humans) await expect(phaseIs("day")(p.page)).toBeVisible({ timeout: 90_000 });
    const speaker = await (async () => {
      for (const p of humans) if (await p.page.getByTestId("chat-input").isEnabled()) return p;
      return null;
    })();
    expect(speaker, "someone alive to chat on Day 1").not.toBeNull();
    // Item 13: the character counter shows from 400 characters on.
    const input = speaker!.page.getByTestId("chat-input");
    await input.fill("M".repeat(399));
    await expect(speaker!.page.getByTestId("chat-counter")).toHaveCount(0);
    await input.fill(LONG_LINE);
    await expect(speaker!.page.getByTestId("chat-counter")).toContainText("500/500");
    await sendChat(speaker!.page, LONG_LINE);
    for (const p of humans) await expect(p.page.getByTestId("chat-log")).toContainText(LONG_LINE);
    await everyone(humans, "day with a long chat line", tilesShowWholeNames(humans, "day"));
    // A reload brings the same line back: still no sideways scroll.
    await guests[0].page.reload();
    await expect(guests[0].page.getByTestId("chat-log")).toContainText(LONG_LINE);
    await expectNoSideScroll(guests[0].page, "day after reload");

    await playUntil(humans, phaseIs("vote"));
    await everyone(humans, "vote", async (p) => {
      pickers += await pickersShowWholeNames(p, humans.filter((o) => o !== p), "vote");
    });
    expect(pickers, "some picker named a long-named player").toBeGreaterThan(0);

    // The tally of the closed vote names the people who voted (the humans' votes among them).
    await playUntil(humans, (pg) => pg.getByTestId("vote-tally"));
    await everyone(humans, "tally", async (p) => {
      const tally = p.page.getByTestId("vote-tally").first();
      if (!(await tally.isVisible())) return;
      for (const o of humans) if ((await tally.textContent())?.includes(o.name)) await expectWholeName(tally, o.name, "tally");
    });

    await playUntil(humans, (pg) => pg.getByTestId("winner"));
    await everyone(humans, "results", async (p) => {
      for (const o of humans) await expectWholeName(p.page.locator(`[data-testid="results-roles"] [data-player="${o.id}"]`), o.name, "results");
    });
    await host.page.setViewportSize({ width: 1440, height: 900 });
    await expectNoSideScroll(host.page, "results on desktop");
    for (const o of humans) await expectWholeName(host.page.locator(`[data-testid="results-roles"] [data-player="${o.id}"]`), o.name, "results on desktop");
  } finally {
    await closeAll(humans);
  }
});
