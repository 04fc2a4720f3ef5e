// Plays through the UI exactly as a person would: pick in the action panel, confirm.
import { expect, type Page } from "@playwright/test";
import type { Player } from "./players";

export async function waitPhase(p: Player, phase: string | RegExp, day?: number, timeout = 60_000): Promise<void> {
  const banner = p.page.getByTestId("phase-banner");
  await expect(banner).toHaveAttribute("data-phase", phase, { timeout });
  if (day !== undefined) await expect(banner).toHaveAttribute("data-day", String(day), { timeout });
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
