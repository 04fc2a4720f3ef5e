// Catch-the-Witch tables for the browser tests: a room switched to the game in the lobby (the game
// picker), filled with bots, started; and what the results board says.
import { expect } from "@playwright/test";
import { checkScreen } from "./screens";
import { fillWithBots, learnRoleCard, resultRoles } from "./mode-table";
import { hostRoom, type Player } from "./players";
import { auditWitchHunt } from "./wh-audit";

export { fillWithBots };

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

/** After Start: the seat's id and role from Catch the Witch's role card. */
export const learnWhRole = (p: Player): Promise<void> => learnRoleCard(p, "wh-role-card");

/** The end for one player: winner, reason, score shown; nothing secret reached this browser. */
export async function checkEnd(p: Player, count: number): Promise<Record<string, string>> {
  const { page } = p;
  await expect(page.getByTestId("winner")).toHaveAttribute("data-winner", /^(village|witches|clown)$/);
  await expect(page.getByTestId("end-reason")).toHaveAttribute("data-reason", /\w/);
  await expect(page.getByTestId("witch-score")).toHaveAttribute("data-score", /^\d+$/);
  return auditDeal(p, count);
}

/**
 * The results board of one deal (a host's End game included): this browser's wire is audited against
 * that deal's roles, then starts afresh, so the next deal is audited against its own roles.
 */
export async function auditDeal(p: Player, count: number): Promise<Record<string, string>> {
  await expect(p.page.getByTestId("result-row")).toHaveCount(count);
  const roles = await resultRoles(p);
  expect(auditWitchHunt(p.id, p.wire, roles)).toEqual([]);
  p.wire.records.length = 0;
  return roles;
}
