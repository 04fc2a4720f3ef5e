// Plays a seat of the Werewolf card game through the UI as a person would: a card from the hand on
// a player (from the list or the table), the Seer's view, the Identification choices; each
// confirmed. Each try is short: the step may end under any click.
import { writeFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { checkScreenOnce, confirmIfAsked } from "./screens";

const anyOf = async (l: Locator): Promise<Locator | null> => {
  const n = await l.count();
  return n > 0 && (await l.first().isVisible()) ? l.nth(Math.floor(Math.random() * n)) : null;
};

/** The clicks of the seat's next move (the last one asks for the confirmation), or null. */
async function nextMove(page: Page): Promise<Locator[] | null> {
  const panel = page.getByTestId("action-panel");
  for (const t of ["target-point", "target-look", "target-view"]) {
    const target = await anyOf(panel.getByTestId(t));
    if (target) return [target];
  }
  const card = await anyOf(panel.locator('[data-testid="hand-card"]:not([disabled])'));
  if (!card) return null;
  // Some plays go on a tile of the table, the others through the list under the hand.
  const where = Math.random() < 0.3 ? page.getByTestId("tile-target") : panel.getByTestId("target-play");
  return [card, where];
}

export interface CwPlay {
  /** Screens seen so far (by step and what the seat could do there), for screenshots. */
  seen: Set<string>;
  acted: number;
}

/** The screen's key: the step, and what this seat could do or see there. */
async function screenKey(page: Page): Promise<string | null> {
  const phase = await page.getByTestId("phase-banner").getAttribute("data-phase").catch(() => null);
  if (!phase) return null;
  const step = await page.getByTestId("action-panel").getAttribute("data-step").catch(() => null);
  const extra = (await page.getByTestId("seer-reveal").count()) > 0 ? "-reveal" : (await page.getByTestId("angel-reveal").count()) > 0 ? "-angel" : "";
  return `${phase}${step && step !== "wait" ? `-${step}` : ""}${extra}`;
}

const phaseIs = async (page: Page, phase: string) => (await page.getByTestId("phase-banner").getAttribute("data-phase").catch(() => null)) === phase;

/** The steps that last about a second at the e2e time scale, each with what shows while it is open. */
const SHORT: Record<string, { phase: string; shows: string }> = {
  identify: { phase: "identify", shows: "identify" },
  "night-draw": { phase: "night", shows: "night-card" },
};

/**
 * A short step's screen, its secret open (the Identification, the Night draw, CW-R10, CW-R26): too
 * short for axe and both pictures at once. Each picture is kept only if the step still showed
 * after it was taken; the phone one first, the desktop one on the same or a later showing.
 */
async function quickShots(page: Page, prefix: string, name: string, seen: Set<string>): Promise<void> {
  if (process.env.SCREENSHOTS !== "1") return;
  const { phase, shows } = SHORT[name];
  const still = async () => (await phaseIs(page, phase)) && (await page.getByTestId(shows).isVisible());
  const size = page.viewportSize() ?? { width: 390, height: 844 };
  for (const [kind, width, height] of [["mobile", size.width, size.height], ["desktop", 1280, 800]] as const) {
    const key = `${name}-${kind}`;
    if (seen.has(key)) continue;
    if (kind === "desktop") await page.setViewportSize({ width, height });
    const shot = (await still()) ? await page.screenshot().catch(() => null) : null;
    if (kind === "desktop") await page.setViewportSize(size);
    if (!shot || !(await still())) return;
    await writeFile(`docs/screenshots/${prefix}-${name}-${kind}.png`, shot);
    seen.add(key);
  }
}

/**
 * Plays until `done` shows. With `shots`, the first time each screen shows (per `prefix`), it is
 * checked (axe; SCREENSHOTS=1 saves it) under the name `${prefix}-${key}`.
 */
export async function cwAutoplay(page: Page, done: Locator, timeout: number, shots?: { prefix: string; play: CwPlay }): Promise<number> {
  const end = Date.now() + timeout;
  let acted = 0;
  const quick = { timeout: 3_000 };
  while (Date.now() < end) {
    if (await done.isVisible()) return acted;
    // The Identification and the Night: the seat looks at its card (and pack) while the step runs.
    const look = page.locator('[data-testid="identify-open"], [data-testid="night-open"]');
    if (await look.first().isVisible()) await look.first().click(quick).catch(() => undefined);
    if (shots) for (const name of Object.keys(SHORT)) if (await page.getByTestId(SHORT[name].shows).isVisible()) await quickShots(page, shots.prefix, name, shots.play.seen);
    // The Angel's look on Day 1 (CW-R44), opened once so its screen is seen.
    const angel = page.getByTestId("angel-reveal-open");
    if (shots && !shots.play.seen.has("angel-opened") && (await angel.isVisible())) {
      shots.play.seen.add("angel-opened");
      await angel.click(quick).catch(() => undefined);
    }
    const key = shots ? await screenKey(page) : null;
    // The short steps have their own pictures (quickShots); a step that ended under the pictures is taken again.
    if (shots && key && !["identify", "night"].includes(key) && !shots.play.seen.has(key)) {
      // The pictures show the screen from its top, where a phone shows the step and the hand.
      await page.evaluate(() => scrollTo(0, 0));
      await checkScreenOnce(page, shots.play.seen, shots.prefix, key, key.split("-")[0]);
    }
    const move = await nextMove(page);
    if (!move) {
      await page.waitForTimeout(300);
      continue;
    }
    try {
      for (const l of move) {
        const target = l === move[0] ? l : await anyOf(l);
        if (!target) break;
        await target.click(quick);
      }
      if (await confirmIfAsked(page, quick)) acted++;
    } catch {
      // the step ended while choosing: look at the new one
    }
  }
  throw new Error("the game did not end in time");
}
