// Every screen gets an accessibility check (axe-core: zero serious or critical violations) and,
// with SCREENSHOTS=1, a phone (390×844) and a desktop (1280×800) screenshot in docs/screenshots/.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export async function checkScreen(page: Page, name: string): Promise<void> {
  // Next streams a dynamic page's metadata: right after a client-side navigation the document can
  // be without a <title> for a moment. Judge the screen once it has loaded, title included.
  await expect(page).toHaveTitle(/\S/);
  // The pictures first, then the check: a game's step may move on while axe runs.
  if (process.env.SCREENSHOTS === "1") {
    const size = page.viewportSize() ?? { width: 390, height: 844 };
    await page.screenshot({ path: `docs/screenshots/${name}-mobile.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `docs/screenshots/${name}-desktop.png` });
    await page.setViewportSize(size);
  }
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`),
    `axe on ${name}`,
  ).toEqual([]);
}
