// Tables of any game mode for the browser tests: bots added in the lobby, the own seat and role
// read after Start, every role read from the results board.
import { expect, type Page } from "@playwright/test";
import type { Player } from "./players";

/**
 * The host adds bots until the room holds `n` members, `people` of them persons: it waits for every
 * person's seat first and counts bot seats only, so a person's seat arriving late is never taken for
 * a bot that was just added.
 */
export async function fillWithBots(page: Page, n: number, people: number): Promise<void> {
  await expect(page.locator('[data-testid="seat"]:not([data-bot])')).toHaveCount(people);
  const bots = page.locator('[data-testid="seat"][data-bot="true"]');
  for (let have = await bots.count(); have < n - people; have++) {
    await page.getByTestId("add-bot").click();
    await expect(bots).toHaveCount(have + 1);
  }
}

/** After Start: the seat's id (own tile) and role (the role card `cardTestId`, pressed open). */
export async function learnRoleCard(p: Player, cardTestId: string): Promise<void> {
  const { page } = p;
  await expect(page.getByTestId(cardTestId)).toBeVisible({ timeout: 30_000 });
  p.id = (await page.locator('[data-testid="tile"][data-me="true"]').getAttribute("data-player")) ?? "";
  expect(p.id).not.toBe("");
  await page.getByTestId("role-toggle").click();
  p.role = (await page.getByTestId("my-role").getAttribute("data-role")) ?? "";
  expect(p.role).not.toBe("");
}

/** Every role from the results board, checked against the own role card. */
export async function resultRoles(p: Player): Promise<Record<string, string>> {
  const rows = p.page.getByTestId("result-row");
  const roles: Record<string, string> = {};
  for (const row of await rows.all()) roles[(await row.getAttribute("data-player"))!] = (await row.getAttribute("data-role"))!;
  expect(roles[p.id]).toBe(p.role);
  return roles;
}
