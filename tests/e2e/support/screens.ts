// Every screen gets an accessibility check (axe-core: zero serious or critical violations) and,
// with SCREENSHOTS=1, a phone (390×844) and a desktop (1280×800) screenshot in docs/screenshots/.
import { writeFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * With `still`, the pictures are kept only if it is still true once both are taken: a step that
 * moved on under them would leave the next step's screen under this step's name.
 */
export async function checkScreen(page: Page, name: string, still?: () => Promise<boolean>): Promise<void> {
  // Next streams a dynamic page's metadata: right after a client-side navigation the document can
  // be without a <title> for a moment. Judge the screen once it has loaded, title included.
  await expect(page).toHaveTitle(/\S/);
  // The pictures first, then the check: a game's step may move on while axe runs.
  if (process.env.SCREENSHOTS === "1") {
    const size = page.viewportSize() ?? { width: 390, height: 844 };
    const mobile = await page.screenshot();
    await page.setViewportSize({ width: 1280, height: 800 });
    const desktop = await page.screenshot();
    await page.setViewportSize(size);
    if (!still || (await still())) {
      // A screen checked at a desktop size has no phone picture: only the 1280 one is named.
      if (size.width <= 500) writeFileSync(`docs/screenshots/${name}-mobile.png`, mobile);
      writeFileSync(`docs/screenshots/${name}-desktop.png`, desktop);
    }
  }
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`),
    `axe on ${name}`,
  ).toEqual([]);
}

/**
 * Checks a screen the first time its `key` shows (per `prefix`), under `${prefix}-${key}`. A step
 * that ended under the check is looked at again next time it shows; an axe failure fails the test.
 */
export async function checkScreenOnce(page: Page, seen: Set<string>, prefix: string, key: string, phase?: string): Promise<void> {
  if (seen.has(key)) return;
  seen.add(key);
  const still = phase === undefined ? undefined : async () => (await page.getByTestId("phase-banner").getAttribute("data-phase").catch(() => null)) === phase;
  await checkScreen(page, `${prefix}-${key.replace(".", "-")}`, still).catch((e: Error) => {
    if (!/axe on/.test(e.message)) seen.delete(key);
    else throw e;
  });
  // A step that ended under the pictures (they were not kept) is taken again the next time it shows.
  if (still && !(await still())) seen.delete(key);
}

/** Confirms the choice just asked, if the confirmation bar shows; true when it was sent. */
export async function confirmIfAsked(page: Page, quick: { timeout: number }): Promise<boolean> {
  const confirm = page.getByTestId("confirm");
  if (!(await confirm.isVisible())) return false;
  await confirm.click(quick);
  await expect(confirm).toHaveCount(0, quick);
  return true;
}
