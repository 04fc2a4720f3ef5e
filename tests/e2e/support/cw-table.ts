// Tables of the Werewolf card game for the browser tests: a room switched to the game in the
// lobby (the game picker) with its settings, and what the results board says.
import { expect } from "@playwright/test";
import { auditCardWerewolf } from "./cw-audit";
import { learnRoleCard, resultRoles } from "./mode-table";
import { hostRoom, type Player } from "./players";
import { checkScreen } from "./screens";

export interface CwSettings {
  angel: "none" | "basic" | "powerful";
  traitor: boolean;
}

/** Landing → room → the game picker: the card game, with these settings (CW-R4, CW-R39). */
export async function openCardRoom(host: Player, settings: CwSettings, screen?: string): Promise<string> {
  const link = await hostRoom(host);
  const { page } = host;
  await page.getByTestId("mode-card-werewolf").click();
  await expect(page.getByTestId("mode-picker")).toHaveAttribute("data-mode", "card-werewolf");
  await expect(page.getByTestId("cw-settings")).toBeVisible();
  if (settings.angel !== "none") {
    await page.getByTestId(`cw-angel-${settings.angel}`).check();
    await expect(page.getByTestId(`cw-angel-${settings.angel}`)).toBeChecked();
  }
  if (settings.traitor) {
    await page.getByTestId("cw-traitor").check();
    await expect(page.getByTestId("cw-traitor")).toBeChecked();
  }
  await expect(page.getByTestId("cw-settings")).toHaveAttribute("data-advanced", settings.angel !== "none" || settings.traitor ? "true" : "false");
  if (screen) await checkScreen(page, screen);
  return link;
}

/** After Start: the seat's id and role from the card game's role card. */
export const learnCwRole = (p: Player): Promise<void> => learnRoleCard(p, "cw-role-card");

/** The end for one player: winner and reason shown, every role; nothing secret reached this browser. */
export async function checkCwEnd(p: Player, count: number): Promise<Record<string, string>> {
  const { page } = p;
  await expect(page.getByTestId("winner")).toHaveAttribute("data-winner", /^(village|werewolves)$/);
  await expect(page.getByTestId("end-reason")).toHaveAttribute("data-reason", /^(all_werewolves_dead|werewolves_equal_villagers)$/);
  return auditCwDeal(p, count);
}

/**
 * The results board of one deal (a host's End game included): this browser's wire is audited against
 * that deal's roles, then starts afresh, so the next deal is audited against its own roles.
 */
export async function auditCwDeal(p: Player, count: number): Promise<Record<string, string>> {
  await expect(p.page.getByTestId("result-row")).toHaveCount(count);
  const roles = await resultRoles(p);
  expect(auditCardWerewolf(p.id, p.wire, roles)).toEqual([]);
  p.wire.records.length = 0;
  return roles;
}
