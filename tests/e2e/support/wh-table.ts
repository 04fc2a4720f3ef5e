// Catch-the-Witch tables for the browser tests: a room switched to the game in the lobby (the game
// picker), filled with bots, started; and what the results board says.
import { expect, type Page } from "@playwright/test";
import { checkScreen } from "./screens";
import { hostRoom, type Player } from "./players";
import { auditWitchHunt } from "./wh-audit";

/** Landing → room → the game picker: Catch the Witch; `timed` sets the time limit (WH-P8). */
export async function openWitchHuntRoom(host: Player, timed: boolean, screen?: string): Promise<string> {
  const link = await hostRoom(host);
  const { page } = host;
  await page.getByTestId("mode-witch-hunt").click();
  await expect(page.getByTestId("mode-picker")).toHaveAttribute("data-mode", "witch-hunt");
  await expect(page.getByTestId("wh-settings")).toBeVisible();
  if (timed) {
    await page.getByTestId("wh-timed").check();
    await expect(page.getByTestId("wh-timed")).toBeChecked();
  }
  if (screen) await checkScreen(page, screen);
  return link;
}

/** The host adds bots until the room holds `n` members. */
export async function fillWithBots(page: Page, n: number): Promise<void> {
  const seats = page.getByTestId("seat");
  while ((await seats.count()) < n) {
    const before = await seats.count();
    await page.getByTestId("add-bot").click();
    await expect(seats).toHaveCount(before + 1);
  }
}

/** After Start: the seat's id (own tile) and role (own role card, pressed open). */
export async function learnWhRole(p: Player): Promise<void> {
  const { page } = p;
  await expect(page.getByTestId("wh-role-card")).toBeVisible({ timeout: 30_000 });
  p.id = (await page.locator('[data-testid="tile"][data-me="true"]').getAttribute("data-player")) ?? "";
  expect(p.id).not.toBe("");
  await page.getByTestId("role-toggle").click();
  p.role = (await page.getByTestId("my-role").getAttribute("data-role")) ?? "";
  expect(p.role).not.toBe("");
}

/** Every role from the results board (WH-R13's screen), checked against the own role card. */
export async function resultRoles(p: Player): Promise<Record<string, string>> {
  const rows = p.page.getByTestId("result-row");
  const roles: Record<string, string> = {};
  for (const row of await rows.all()) roles[(await row.getAttribute("data-player"))!] = (await row.getAttribute("data-role"))!;
  expect(roles[p.id]).toBe(p.role);
  return roles;
}

/** The end for one player: winner, reason, score shown; nothing secret reached this browser. */
export async function checkEnd(p: Player, count: number): Promise<Record<string, string>> {
  const { page } = p;
  await expect(page.getByTestId("winner")).toHaveAttribute("data-winner", /^(village|witches|clown)$/);
  await expect(page.getByTestId("end-reason")).toHaveAttribute("data-reason", /\w/);
  await expect(page.getByTestId("witch-score")).toHaveAttribute("data-score", /^\d+$/);
  await expect(page.getByTestId("result-row")).toHaveCount(count);
  const roles = await resultRoles(p);
  expect(auditWitchHunt(p.id, p.wire, roles)).toEqual([]);
  return roles;
}
