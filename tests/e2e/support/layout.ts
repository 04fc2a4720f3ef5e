// Layout probes for issue 21: nothing wider than the phone, and names shown whole (never "B…").
import { expect, type Locator, type Page } from "@playwright/test";
import { autoplay } from "./driver";
import type { Player } from "./players";

/** Twenty characters without a space: the longest display name a player may choose. */
export const LONG_NAME_A = "W".repeat(19) + "A";
export const LONG_NAME_B = "Ư".repeat(19) + "B";
/** The longest chat line (MAX_CHAT) without a single space. */
export const LONG_LINE = "M".repeat(500);

/** The page never scrolls sideways: documentElement.scrollWidth ≤ the viewport width. */
export async function expectNoSideScroll(page: Page, where: string): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `page width on ${where} (viewport ${width})`).toBeLessThanOrEqual(width);
}

/**
 * `name` is shown whole inside `scope`: some element's text holds it, and neither that element nor
 * any ancestor up to `scope` clips it (scrollWidth > clientWidth) or ends it with an ellipsis.
 */
export async function expectWholeName(scope: Locator, name: string, where: string): Promise<void> {
  const problems = await scope.evaluate((root, n) => {
    const out: string[] = [];
    // Text for screen readers only (1 px, clipped on purpose) is not what the eye reads.
    const seen = (el: Element) => !el.closest(".sr-only") && (el as HTMLElement).offsetWidth > 1;
    const holders = [...root.querySelectorAll<HTMLElement>("*")].filter(
      (el) => seen(el) && el.textContent?.includes(n) && ![...el.children].some((c) => seen(c) && c.textContent?.includes(n)),
    );
    if (root.textContent?.includes(n) && holders.length === 0) holders.push(root as HTMLElement);
    if (holders.length === 0) return ["name not found"];
    for (const h of holders) {
      for (let el: HTMLElement | null = h; el; el = el === root ? null : el.parentElement) {
        const s = getComputedStyle(el);
        if (s.textOverflow === "ellipsis" && s.overflowX !== "visible") out.push(`ellipsis on <${el.tagName.toLowerCase()} class="${el.className}">`);
        if (s.overflowX !== "visible" && el.scrollWidth > el.clientWidth + 1)
          out.push(`clipped ${el.scrollWidth}>${el.clientWidth} on <${el.tagName.toLowerCase()} class="${el.className}">`);
      }
    }
    return out;
  }, name);
  expect(problems, `${name} shown whole in ${where}`).toEqual([]);
}

/** Both players play whatever the UI offers until `until(page)` shows on each. */
export async function playUntil(players: Player[], until: (page: Page) => Locator): Promise<void> {
  // Bots take most of a day when people are slow to ready (issue 22): a whole game may take 5 minutes.
  await Promise.all(players.map((p) => autoplay(p.page, until(p.page).or(p.page.getByTestId("winner")).first(), 330_000)));
}

export const phaseIs = (phase: string) => (page: Page) => page.locator(`[data-testid="phase-banner"][data-phase="${phase}"]`);

/** Landing → name → "Play with bots": a lobby with this person (host, ready) and seven ready bots. */
export async function openBotRoom(p: Player): Promise<void> {
  const { page } = p;
  await page.goto("/");
  await page.getByTestId("name-input").fill(p.name);
  await page.getByTestId("name-submit").click();
  await page.getByTestId("play-with-bots").click();
  await page.waitForURL(/\/r\/[A-Z0-9]{6}$/);
  await expect(page.getByTestId("is-ready")).toHaveCount(8);
}

/** The element is on screen between the sticky phase banner and the phone bar (when it shows). */
export async function expectOnScreen(page: Page, target: Locator, what: string): Promise<void> {
  await expect(async () => {
    const box = await target.boundingBox();
    const { height, bar } = await page.evaluate(() => {
      const nav = document.querySelector('[data-testid="phone-bar"]');
      const shown = nav && getComputedStyle(nav).display !== "none";
      return { height: window.innerHeight, bar: shown ? nav.getBoundingClientRect().height : 0 };
    });
    expect(box, what).not.toBeNull();
    expect(box!.y, `${what}: top`).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height, `${what}: bottom above the phone bar`).toBeLessThanOrEqual(height - bar + 1);
  }).toPass({ timeout: 5_000 });
}
