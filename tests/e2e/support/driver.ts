// Plays through the UI exactly as a person would: pick in the action panel, confirm.
import { expect, type Locator, type Page } from "@playwright/test";
import { waitMoments } from "./moments";
import type { Player } from "./players";

export async function waitPhase(p: Player, phase: string | RegExp, day?: number, timeout = 60_000): Promise<void> {
  const banner = p.page.getByTestId("phase-banner");
  await expect(banner).toHaveAttribute("data-phase", phase, { timeout });
  if (day !== undefined) await expect(banner).toHaveAttribute("data-day", String(day), { timeout });
  await waitMoments(p.page);
}

/** Picks `target` for a targeted action (bite, inspect, protect, poison, shoot, vote) and confirms. */
export async function actOn(page: Page, type: string, target: string): Promise<void> {
  await page.locator(`[data-testid="target-${type}"][data-target="${target}"]`).click();
  await page.getByTestId("confirm").click();
  await expect(page.getByTestId("confirm")).toHaveCount(0);
}

/** An action without a target (save, skip, ready_to_vote, peek) and its confirmation. */
export async function actPlain(page: Page, type: string): Promise<void> {
  await page.getByTestId(`action-${type}`).click();
  await page.getByTestId("confirm").click();
  await expect(page.getByTestId("confirm")).toHaveCount(0);
}

export async function sendChat(page: Page, text: string): Promise<void> {
  await page.getByTestId("chat-input").fill(text);
  await page.getByTestId("chat-send").click();
  await expect(page.getByTestId("chat-log")).toContainText(text);
}

export const alive = (players: Player[], dead: Set<string>) => players.filter((p) => !dead.has(p.id));
export const byRole = (players: Player[], role: string) => players.filter((p) => p.role === role);

/**
 * Plays one seat through the UI until `done` shows: whatever the action panel offers first (ready
 * to vote, then a target, then a plain action). The phase may move under any click, so each try
 * is short and a miss just looks again. `between` runs after each look while the game goes on.
 */
export async function autoplay(page: Page, done: Locator, timeout = 200_000, between?: () => Promise<void>): Promise<number> {
  const end = Date.now() + timeout;
  let acted = 0;
  const quick = { timeout: 3_000 };
  while (Date.now() < end) {
    if (await done.isVisible()) return acted;
    await waitMoments(page);
    const choices = [
      page.getByTestId("action-ready_to_vote"),
      // A wolf who picked may change the pick (S-WOLF-3): the panel says so; nothing more to do.
      page.locator('[data-testid="action-panel"]:not([data-repick]) [data-testid^="target-"]:not([data-testid="target-link"])').first(),
      page.getByTestId("action-skip"),
    ];
    let clicked = false;
    for (const c of choices) {
      if (!(await c.isVisible())) continue;
      try {
        await c.click(quick);
        await page.getByTestId("confirm").click(quick);
        await expect(page.getByTestId("confirm")).toHaveCount(0, quick);
        acted++;
        clicked = true;
      } catch {
        // the step ended while choosing: look at the new one
      }
      break;
    }
    if (!clicked) await page.waitForTimeout(400);
    // A caller may do something between steps, as a person would (e.g. go read the chat).
    if (between && !(await done.isVisible())) await between();
  }
  throw new Error("the game did not end in time");
}
