// Issue 21, items 6–8: the moments that make it a game. Eight players at one table, each on their
// own "phone": the role card they turn over (wolves see their partner), night falls / day breaks
// with the public news only (S-NIGHT-RESOLVE, S-VOTE-5), never replayed by a reload, and the turn
// alert: chime and buzz, the tab title while the tab is hidden, the sound setting kept per device.
// Six of the players use the three languages at phone and desktop size, and their screens are
// photographed (MOMENT_SHOTS=<dir>, or docs/screenshots/ with SCREENSHOTS=1).
import { expect, test, type Browser, type Page } from "@playwright/test";
import { actOn, actPlain, byRole } from "./support/driver";
import { closeAll, hostRoom, joinByLink, NAMES, setReady, type Player } from "./support/players";
import { checkScreen } from "./support/screens";
import { recordWire } from "./support/wire-audit";

const LOOKS = [
  { lang: "vi", size: "mobile", viewport: { width: 390, height: 844 } },
  { lang: "en", size: "mobile", viewport: { width: 390, height: 844 } },
  { lang: "zh", size: "mobile", viewport: { width: 390, height: 844 } },
  { lang: "vi", size: "desktop", viewport: { width: 1440, height: 900 } },
  { lang: "en", size: "desktop", viewport: { width: 1440, height: 900 } },
  { lang: "zh", size: "desktop", viewport: { width: 1440, height: 900 } },
] as const;
const shotsDir = process.env.SCREENSHOTS === "1" ? "docs/screenshots" : process.env.MOMENT_SHOTS;

interface Stubs {
  __buzz: unknown[];
  __tones: number;
  __setHidden: (hidden: boolean) => void;
}
// Counts the chimes' notes and the buzzes; a page's visibility can be flipped from the test.
const STUBS = () => {
  const w = window as unknown as Stubs;
  w.__buzz = [];
  w.__tones = 0;
  navigator.vibrate = ((p: VibratePattern) => (w.__buzz.push(p), true)) as Navigator["vibrate"];
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
    w.__tones++;
    return start.call(this, when);
  };
  w.__setHidden = (h: boolean) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (h ? "hidden" : "visible") });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => h });
    document.dispatchEvent(new Event("visibilitychange"));
  };
};

// The photographed seats hold night falls / day breaks three times as long (the moments' own 2 s
// and 2.6 s timers), so the photo is taken while the moment is still on screen on a busy machine.
const HOLD = () => {
  const setTimeout0 = window.setTimeout;
  window.setTimeout = ((fn: TimerHandler, ms?: number, ...args: unknown[]) =>
    setTimeout0(fn, ms === 2000 || ms === 2600 ? ms * 3 : ms, ...args)) as typeof window.setTimeout;
};

interface Seat extends Player {
  look: (typeof LOOKS)[number] | null;
}

async function seat(browser: Browser, i: number): Promise<Seat> {
  const look = LOOKS[i] ?? null;
  // The photographed seats move without motion, so each photo shows a moment at rest.
  const context = await browser.newContext({ viewport: look?.viewport ?? { width: 390, height: 844 }, reducedMotion: look ? "reduce" : "no-preference" });
  if (look) await context.addCookies([{ name: "ms_locale", value: look.lang, url: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT}` }]);
  await context.addInitScript(STUBS);
  if (look) await context.addInitScript(HOLD);
  const page = await context.newPage();
  const wire = await recordWire(context, page);
  return { name: NAMES[i], context, page, wire, id: "", role: "", look };
}

async function shoot(s: Seat, what: string): Promise<void> {
  if (!shotsDir || !s.look) return;
  await s.page.screenshot({ path: `${shotsDir}/${what}-${s.look.lang}-${s.look.size}.png` });
}

/** Waits for the moment of this kind, checks its news, photographs it, then waits it out. */
async function seeMoment(s: Seat, kind: "dawn" | "dusk", news: string, ids: string[], english?: string): Promise<void> {
  const moment = s.page.getByTestId("phase-moment");
  await expect(moment).toHaveAttribute("data-moment", kind, { timeout: 60_000 });
  await expect(moment.getByTestId(news)).toHaveAttribute("data-players", ids.join(" "));
  if (english && s.look?.lang === "en") await expect(moment).toContainText(english);
  await shoot(s, `${kind === "dawn" ? "day-breaks" : "night-falls"}-${await s.page.getByTestId("phase-banner").getAttribute("data-day")}`);
  await expect(moment).toHaveCount(0, { timeout: 15_000 });
}

const alerts = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as Stubs;
    return { tones: w.__tones, buzz: w.__buzz.length };
  });
const setHidden = (page: Page, hidden: boolean) => page.evaluate((h) => (window as unknown as Stubs).__setHidden(h), hidden);

const noMomentAfterReload = async (page: Page) => {
  await page.reload();
  await expect(page.getByTestId("phase-banner")).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(page.locator("[data-moment]")).toHaveCount(0);
};

test("items 6–8: role card flip, night falls / day breaks with names only, turn alert and sound setting", async ({ browser }) => {
  const players: Seat[] = [];
  for (let i = 0; i < 8; i++) players.push(await seat(browser, i));
  try {
    const [host] = players;
    const link = await hostRoom(host);
    for (const g of players.slice(1)) await joinByLink(g, link);
    for (const p of players) await setReady(p);
    await expect(host.page.getByTestId("start")).toBeEnabled();
    await host.page.getByTestId("start").click();

    // ---- Item 6: every player's game opens on the same face-down card; the role is not on the page.
    await Promise.all(
      players.map(async (p) => {
        const card = p.page.getByTestId("reveal-card");
        await expect(card).toBeVisible({ timeout: 30_000 });
        await expect(p.page.getByTestId("reveal-role")).toHaveCount(0);
        await expect(p.page.locator('[data-testid="tile"][data-role]')).toHaveCount(0);
        await expect(p.page.getByTestId("reveal-continue")).toBeHidden();
        await shoot(p, "reveal");
        await card.click();
        await expect(card).toHaveAttribute("aria-pressed", "true");
        p.role = (await p.page.getByTestId("reveal-role").getAttribute("data-role")) ?? "";
        p.id = (await p.page.locator('[data-testid="tile"][data-me="true"]').getAttribute("data-player")) ?? "";
        await shoot(p, "reveal-flipped");
      }),
    );
    expect(players.map((p) => p.role).sort()).toEqual(["guard", "hunter", "seer", "villager", "villager", "witch", "wolf", "wolf"]);
    const [w0, w1] = byRole(players, "wolf") as Seat[];
    const [v0, v1] = byRole(players, "villager") as Seat[];
    await Promise.all(
      players.map(async (p) => {
        // S-START-3: a wolf's card names the other wolf; nobody else's card names anyone.
        if (p.role === "wolf") await expect(p.page.getByTestId("reveal-mates")).toContainText((p === w0 ? w1 : w0).name);
        else await expect(p.page.getByTestId("reveal-mates")).toHaveCount(0);
        await p.page.getByTestId("reveal-continue").click();
        await expect(p.page.getByTestId("role-reveal")).toHaveCount(0);
        if (p.role === "wolf") await actOn(p.page, "bite", v0.id);
        // Afterwards the role card stays hidden as before, and agrees with the card.
        await expect(p.page.getByTestId("role-body")).toBeHidden();
        await p.page.getByTestId("role-toggle").click();
        await expect(p.page.getByTestId("my-role")).toHaveAttribute("data-role", p.role);
      }),
    );
    // Once per game on this device: a reload mid-night shows neither the card nor a moment.
    await noMomentAfterReload(host.page);
    await expect(host.page.getByTestId("role-body")).toBeHidden();

    // ---- Item 8: the tab title tells a hidden tab's player it is their turn — by day, when
    // "ready to vote" appears; at night a villager has nothing to do and the title stays.
    const title = await v1.page.title();
    await setHidden(v1.page, true);
    await expect(v1.page).toHaveTitle(title);

    // ---- Item 7: day breaks for everyone with the dead's names only (the witch let her step pass).
    await Promise.all(players.map((p) => seeMoment(p, "dawn", "moment-dead", [v0.id])));
    await expect(host.page.getByTestId("phase-banner")).toHaveAttribute("data-phase", "day");
    await expect(v1.page).toHaveTitle(/^\(!\) Ma Sói — (đến lượt bạn|your turn|轮到你了)$/);
    await setHidden(v1.page, false);
    await expect(v1.page).toHaveTitle(title);
    // A step began: the chime's two notes and a buzz on every living phone (sound is on by default)
    // that has been tapped since it loaded (the browser's rule; the host's page was just reloaded).
    for (const p of players.filter((q) => q !== v0 && q !== host)) {
      const { tones, buzz } = await alerts(p.page);
      expect(buzz, p.name).toBeGreaterThan(0);
      expect(tones, p.name).toBeGreaterThan(0);
    }
    // The sound setting is this device's: off stays off after a reload; other players' stay on.
    const [seer] = byRole(players, "seer");
    const toggle = seer.page.getByTestId("sound-toggle");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await noMomentAfterReload(seer.page);
    await expect(seer.page.getByTestId("sound-toggle")).toHaveAttribute("aria-pressed", "false");
    await seer.page.getByTestId("role-toggle").click(); // a first tap: alerts may play from now on
    await expect(v1.page.getByTestId("sound-toggle")).toHaveAttribute("aria-pressed", "true");

    const living = players.filter((p) => p !== v0);
    await Promise.all(living.map((p) => actPlain(p.page, "ready_to_vote")));
    await Promise.all(living.map((p) => expect(p.page.getByTestId("phase-banner")).toHaveAttribute("data-phase", "vote")));
    await Promise.all(living.map((p) => actOn(p.page, "vote", p.role === "wolf" ? v1.id : w0.id)));

    // ---- Night 2 falls with the vote's outcome, for the dead too; then a night without a bite.
    const before = await alerts(seer.page);
    await Promise.all(players.map((p) => seeMoment(p, "dusk", "moment-out", [w0.id], "The village voted out")));
    await Promise.all(players.map((p) => seeMoment(p, "dawn", "moment-dead", [], "everyone survived")));
    // The muted (living) device was alerted: it buzzed, but stayed silent.
    const after = await alerts(seer.page);
    expect(after.buzz).toBeGreaterThan(before.buzz);
    expect(after.tones).toBe(before.tones);
    await noMomentAfterReload(v1.page);

    // A device that never saw the card (here: one that forgot it) opens the game on it again.
    await v1.page.evaluate(() => localStorage.clear());
    await v1.page.reload();
    await expect(v1.page.getByTestId("reveal-card")).toHaveAttribute("aria-pressed", "false");
    await checkScreen(v1.page, "role-reveal");
    await v1.page.getByTestId("reveal-card").click();
    await expect(v1.page.getByTestId("reveal-role")).toHaveAttribute("data-role", "villager");
    await checkScreen(v1.page, "role-reveal-flipped");
    await v1.page.getByTestId("reveal-continue").click();
    await expect(v1.page.locator("[data-moment]")).toHaveCount(0);
  } finally {
    await closeAll(players);
  }
});
