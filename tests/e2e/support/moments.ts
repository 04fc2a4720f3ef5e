// The game's full-screen moments, passed as a person does: the role card is turned over and left
// with Continue; night falls / day breaks go by themselves (or on a tap) and are waited out.
import { expect, type Page } from "@playwright/test";

/** Turns the role card over and goes on, if it is showing; says whether it was. */
export async function passReveal(page: Page): Promise<boolean> {
  const card = page.getByTestId("reveal-card");
  if (!(await card.isVisible())) return false;
  await card.click();
  // Gone once clicked: whatever is clicked next waits for the screen under it to be free.
  await page.getByTestId("reveal-continue").click();
  return true;
}

/** Waits until no moment covers the screen (the reveal is turned over and left first). */
export async function waitMoments(page: Page, timeout = 15_000): Promise<void> {
  await passReveal(page);
  await expect(page.locator("[data-moment]")).toHaveCount(0, { timeout });
}
