// Plays a Catch-the-Witch seat through the UI as a person would: whatever the step panel offers,
// chosen and confirmed. Each try is short: the step may end under any click.
import type { Locator, Page } from "@playwright/test";
import { checkScreenOnce, confirmIfAsked } from "./screens";

/** The step's first thing to do, or null. Picks and votes already made are left as they are. */
async function nextChoice(page: Page): Promise<Locator[] | null> {
  const panel = page.getByTestId("action-panel");
  const visible = async (l: Locator) => (await l.count()) > 0 && (await l.first().isVisible());
  for (const t of ["action-ready", "action-ok", "action-end_discussion"]) if (await visible(panel.getByTestId(t))) return [panel.getByTestId(t)];
  for (const t of ["location-pick", "location-guard_location", "location-witch_location"]) {
    const tiles = panel.locator(`[data-testid="${t}"]:not([disabled])`);
    if ((await visible(tiles)) && (await panel.locator(`[data-testid="${t}"][data-mine="true"]`).count()) === 0) return [tiles.nth(Math.floor(Math.random() * (await tiles.count())))];
  }
  const spell = panel.getByTestId("action-spell");
  if (await visible(spell)) {
    const targets = panel.getByTestId("target-cast");
    return (await visible(targets)) ? [targets.first()] : [spell.first()];
  }
  const propose = panel.locator('[data-testid="target-propose"][aria-pressed="false"]');
  if (await visible(propose)) return [propose.first()];
  const approve = panel.locator('[data-testid^="action-approve-"]');
  if ((await visible(approve)) && (await panel.locator('[data-testid^="action-approve-"][aria-pressed="true"]').count()) === 0)
    return [panel.getByTestId(Math.random() < 0.7 ? "action-approve-yes" : "action-approve-no")];
  if (await visible(panel.getByTestId("action-put"))) return [panel.getByTestId("action-put").first()];
  const vote = panel.getByTestId("target-vote");
  if ((await visible(vote)) && (await panel.locator('[data-testid^="target-vote"][aria-pressed="true"]').count()) === 0) return [vote.first()];
  for (const t of ["target-inspect", "target-steal"]) if (await visible(panel.getByTestId(t))) return [panel.getByTestId(t).first()];
  return null;
}

export interface WhPlay {
  /** Screens seen so far (by step and what the seat could do there), for screenshots. */
  seen: Set<string>;
  acted: number;
}

/**
 * Plays until `done` shows. With `shots`, the first time each step shows (per `prefix`), the
 * screen is checked (axe; SCREENSHOTS=1 saves it) under the name `${prefix}-${step}`.
 */
export async function whAutoplay(page: Page, done: Locator, timeout = 300_000, shots?: { prefix: string; play: WhPlay }): Promise<number> {
  const end = Date.now() + timeout;
  let acted = 0;
  const quick = { timeout: 3_000 };
  while (Date.now() < end) {
    if (await done.isVisible()) return acted;
    const phaseNow = () => page.getByTestId("phase-banner").getAttribute("data-phase").catch(() => null);
    const phase = shots ? await phaseNow() : null;
    if (shots && phase) {
      const mine = (await page.getByTestId("witch-dialog").count()) > 0 ? "-witch" : (await page.locator('[data-testid="target-propose"]').count()) > 0 ? "-chief" : (await page.getByTestId("action-put").count()) > 0 ? "-member" : "";
      const key = `${phase}${mine}`;
      // Each step's picture from the top (the banner, the role card, the step), as a person opens it.
      if (!shots.play.seen.has(key)) await page.evaluate(() => window.scrollTo(0, 0));
      await checkScreenOnce(page, shots.play.seen, shots.prefix, key, phase);
    }
    const choice = await nextChoice(page);
    // A new step showed since its picture was looked at: its picture first, before acting in it.
    if (shots && (await phaseNow()) !== phase) continue;
    if (!choice) {
      await page.waitForTimeout(400);
      continue;
    }
    try {
      await choice[0].click(quick);
      if (await confirmIfAsked(page, quick)) acted++;
    } catch {
      // the step ended while choosing: look at the new one
    }
  }
  throw new Error("the game did not end in time");
}
