// Issue 28 item 7 in a real browser: every page carries a nonce CSP that the app itself never
// trips (no console violation, no `securitypolicyviolation` event) through landing → sign-in →
// lobby with bots → game (and a reload), and an injected inline event handler does not run.
// Cross-site requests are attacked in tests/api/security-http.test.ts.
import { expect, test } from "@playwright/test";
import { learnOwnRole, newPlayer } from "./support/players";

test("CSP: nonce scripts run, nothing of the app is blocked, an injected handler is", async ({ browser }) => {
  const solo = await newPlayer(browser, "Csp");
  const { page } = solo;
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __csp: string[] }).__csp = [...((window as unknown as { __csp?: string[] }).__csp ?? []), `${e.violatedDirective} ${e.blockedURI}`];
    });
  });
  try {
    const res = await page.goto("/");
    const csp = res!.headers()["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res!.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res!.headers()["referrer-policy"]).toBe("same-origin");

    await page.getByTestId("name-input").fill(solo.name);
    await page.getByTestId("name-submit").click();
    await page.getByTestId("play-with-bots").click();
    await page.waitForURL(/\/r\/[A-Z0-9]{6}$/);
    await expect(page.getByTestId("seat")).toHaveCount(8);
    await page.getByTestId("start").click();
    await expect(page.getByTestId("phase-banner")).toHaveAttribute("data-phase", /^night\./, { timeout: 30_000 });
    await learnOwnRole(solo);
    await page.reload();
    await expect(page.getByTestId("phase-banner")).toBeVisible();

    // Markup an HTML injection would add: an inline event handler does not run (no nonce can be on it).
    const ran = await page.evaluate(async () => {
      const box = document.createElement("div");
      box.innerHTML = '<img src="data:," onerror="window.__injected = true" onload="window.__injected = true">';
      document.body.appendChild(box);
      await new Promise((r) => setTimeout(r, 300));
      box.remove();
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    const seen = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    // Only the injected handlers' violations, nothing of the app's own (zod's eval probe included).
    expect(new Set(seen)).toEqual(new Set(["script-src-attr inline"]));
    expect(violations.filter((v) => !/event handler/i.test(v))).toEqual([]);

    // The app's own fetch without a JSON content type is refused (a form or text/plain post).
    const plain = await page.evaluate(async () => (await fetch("/api/rooms", { method: "POST", body: "{}", headers: { "content-type": "text/plain" } })).status);
    expect(plain).toBe(415);
  } finally {
    await solo.context.close();
  }
});
