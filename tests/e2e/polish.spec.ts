// Issue 21 item 13, the small things players notice: no false "Offline" right after joining,
// settings that save as they change, an invite link that previews as "Join <host>'s room", the
// first visit's language from Accept-Language, and the account menu (rename, sign out).
import { expect, test, type Browser, type Page } from "@playwright/test";
import { closeAll, hostRoom, joinByLink, newPlayer, type Player } from "./support/players";
import { checkScreen } from "./support/screens";
import { recordWire } from "./support/wire-audit";

/** 20 characters without a space: the longest name, and the hardest to lay out. */
const LONG = "Nguyenthanhlongvuong";
const SHOTS = "/tmp/polish";

async function noSideScroll(page: Page) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll, "no horizontal overflow").toBeLessThanOrEqual(width);
}

async function shot(page: Page, name: string) {
  if (process.env.POLISH_SHOTS === "1") await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A player whose browser speaks `locale` (Accept-Language), at `viewport`. */
async function playerIn(browser: Browser, name: string, locale: string, viewport = { width: 390, height: 844 }): Promise<Player> {
  const context = await browser.newContext({ viewport, locale });
  const page = await context.newPage();
  return { name, context, page, wire: await recordWire(context, page), id: "", role: "" };
}

test("presence: a player who just joined never shows Offline to the host; one who leaves does, within the grace", async ({ browser }) => {
  const host = await newPlayer(browser, "Host");
  const guest = await newPlayer(browser, "Mai");
  try {
    const link = await hostRoom(host);
    await joinByLink(guest, link);
    await expect(host.page.getByTestId("seat")).toHaveCount(2);
    // The first seconds after the join: the host's view refreshes on the join and on the guest's
    // stream opening; no read in between may call the guest offline.
    for (let i = 0; i < 10; i++) {
      await expect(host.page.getByTestId("offline-badge")).toHaveCount(0);
      await host.page.waitForTimeout(500);
    }
    await host.page.reload();
    await expect(host.page.getByTestId("seat")).toHaveCount(2);
    await expect(host.page.getByTestId("offline-badge")).toHaveCount(0);
    // Really gone: the badge comes once the grace (8 s) is over, without a reload.
    await guest.context.close();
    await expect(host.page.getByTestId("offline-badge")).toHaveCount(1, { timeout: 20_000 });
  } finally {
    await closeAll([host]);
  }
});

test("lobby settings save on change: Saved ✓, and still there after a reload", async ({ browser }) => {
  const host = await newPlayer(browser, "Host");
  try {
    await hostRoom(host);
    const status = host.page.getByTestId("settings-status");
    await host.page.getByTestId("ruleset").selectOption("classic");
    await host.page.getByRole("checkbox", { name: "Thợ săn", exact: true }).check();
    await expect(status).toHaveAttribute("data-state", "saved");
    await expect(status).toContainText("Đã lưu");
    // Out of range: marked unsaved, not sent.
    await host.page.getByTestId("day-length").fill("5");
    await expect(status).toHaveAttribute("data-state", "unsaved");
    await expect(status).toHaveText("Có thay đổi chưa lưu");
    await host.page.getByTestId("day-length").fill("120");
    await expect(status).toHaveAttribute("data-state", "saved");
    await checkScreen(host.page, "lobby-settings-saved");
    await shot(host.page, "settings-saved-vi-390");
    await host.page.reload();
    await expect(host.page.getByTestId("ruleset")).toHaveValue("classic");
    await expect(host.page.getByRole("checkbox", { name: "Thợ săn", exact: true })).toBeChecked();
    await expect(host.page.getByTestId("day-length")).toHaveValue("120");
  } finally {
    await closeAll([host]);
  }
});

test("invite link preview: og:title names the host in the reader's language, the image is a PNG; manifest and icon are served", async ({ browser, playwright, baseURL }) => {
  const host = await newPlayer(browser, "Lan Anh");
  const guest = await newPlayer(browser, "Bí Mật");
  const crawler = await playwright.request.newContext({ baseURL });
  try {
    const link = await hostRoom(host);
    await joinByLink(guest, link);
    const path = new URL(link).pathname;
    const page = async (lang: string) => (await crawler.get(path, { headers: { "accept-language": lang } })).text();
    const meta = (html: string, prop: string) => new RegExp(`<meta property="${prop}" content="([^"]*)"`).exec(html)?.[1] ?? "";

    const en = await page("en-US,en;q=0.9");
    expect(meta(en, "og:title")).toBe("Join Lan Anh’s room");
    expect(meta(en, "og:description")).toContain(path.slice(-6));
    expect(meta(await page("vi"), "og:title")).toBe("Vào phòng của Lan Anh");
    expect(meta(await page("zh-CN"), "og:title")).toBe("加入Lan Anh的房间");
    // Only public lobby facts: no other member, nothing of a game.
    expect(en).not.toContain("Bí Mật");

    const image = meta(en, "og:image");
    expect(image).toMatch(/^https?:\/\/.+\/opengraph-image/);
    const png = await crawler.get(new URL(image).pathname + new URL(image).search);
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
    expect((await png.body()).subarray(1, 4).toString()).toBe("PNG");

    const manifest = await crawler.get("/manifest.webmanifest", { headers: { "accept-language": "en" } });
    expect(manifest.status()).toBe(200);
    expect(await manifest.json()).toMatchObject({ name: "Ma Sói", start_url: "/", display: "standalone" });
    const icon = await crawler.get("/icon.svg");
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toContain("image/svg+xml");
    const home = await (await crawler.get("/")).text();
    expect(home).toMatch(/<link[^>]*rel="icon"[^>]*href="\/icon\.svg/);
    expect(home).toMatch(/<link[^>]*rel="manifest"[^>]*href="\/manifest\.webmanifest/);
    // An unknown room: the plain title, nobody's room.
    const missing = await (await crawler.get("/r/ZZZZZZ", { headers: { "accept-language": "vi" } })).text();
    expect(meta(missing, "og:title")).toBe("Ma Sói · ZZZZZZ");
    if (process.env.POLISH_SHOTS === "1") {
      await host.page.goto(new URL(image).pathname + new URL(image).search);
      await host.page.screenshot({ path: `${SHOTS}/og-image.png` });
    }
  } finally {
    await crawler.dispose();
    await closeAll([host, guest]);
  }
});

test("first visit: the language follows Accept-Language; a choice in the switcher wins and is remembered", async ({ browser }) => {
  const cases = [
    ["zh-CN", "zh", "玩法"],
    ["vi-VN", "vi", "Cách chơi"],
    ["en-US", "en", "How to play"],
  ] as const;
  for (const [locale, lang, heading] of cases) {
    const p = await playerIn(browser, "Lan", locale);
    try {
      await p.page.goto("/");
      await expect(p.page.locator("html")).toHaveAttribute("lang", lang);
      await expect(p.page.getByRole("heading", { name: heading })).toBeVisible();
      if (locale === "en-US") {
        await p.page.getByTestId("language").selectOption("vi");
        await expect(p.page.getByRole("heading", { name: "Cách chơi" })).toBeVisible();
        await p.page.reload();
        await expect(p.page.locator("html")).toHaveAttribute("lang", "vi");
      }
    } finally {
      await p.context.close();
    }
  }
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`account menu at ${viewport.width}px: a 20-character name fits, rename by keyboard (seat too), sign out`, async ({ browser }) => {
    const host = await playerIn(browser, LONG, "vi-VN", viewport);
    const guest = await newPlayer(browser, "Mai");
    try {
      const link = await hostRoom(host);
      await joinByLink(guest, link);
      const { page } = host;
      const toggle = page.getByTestId("account-toggle");
      await expect(page.getByTestId("account-name")).toHaveText(LONG);
      await noSideScroll(page);
      await shot(page, `topbar-long-name-vi-${viewport.width}`);

      // Keyboard only: focus, Enter opens, Escape closes and gives the focus back.
      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("account-panel")).toBeVisible();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await noSideScroll(page);
      await checkScreen(page, `account-menu-${viewport.width}`);
      await shot(page, `account-menu-vi-${viewport.width}`);
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("account-panel")).toBeHidden();
      await expect(toggle).toBeFocused();

      // Rename: the name rules are the server's (a taken name in the room is refused).
      await page.keyboard.press("Enter");
      await page.getByTestId("account-rename").press("Enter");
      const input = page.getByTestId("account-name-input");
      await expect(input).toBeFocused();
      await input.fill("Mai");
      await input.press("Enter");
      await expect(page.getByTestId("account-panel").getByRole("alert")).toBeVisible();
      await input.fill("   ");
      await expect(page.getByTestId("account-name-save")).toBeDisabled();
      await input.fill("Hùng");
      await input.press("Enter");
      await expect(page.getByTestId("account-panel").getByRole("status")).toHaveText("Đã đổi tên");
      await expect(page.getByTestId("account-name")).toHaveText("Hùng");
      // The seat in the room is renamed too, for everyone.
      await expect(guest.page.getByTestId("seat").filter({ hasText: "Hùng" })).toHaveCount(1);
      await expect(page.getByTestId("seat").filter({ hasText: LONG })).toHaveCount(0);

      // Sign out: back to the start, signed out.
      await page.getByTestId("account-signout").click();
      await page.waitForURL((u) => u.pathname === "/");
      await expect(page.getByTestId("name-input")).toBeVisible();
      await expect(page.getByTestId("account-toggle")).toHaveCount(0);
      expect((await (await page.request.get("/api/me")).json()).user).toBeNull();
    } finally {
      await closeAll([host, guest]);
    }
  });
}

// Screens of this work in every language at both sizes (POLISH_SHOTS=1 writes them to /tmp/polish).
for (const [locale, lang] of [
  ["vi-VN", "vi"],
  ["en-US", "en"],
  ["zh-CN", "zh"],
] as const) {
  test(`screens in ${lang}: top bar with a long name, account menu, lobby settings`, async ({ browser }) => {
    const host = await playerIn(browser, LONG, locale);
    try {
      await hostRoom(host);
      const { page } = host;
      await page.getByTestId("ruleset").selectOption("classic");
      await expect(page.getByTestId("settings-status")).toHaveAttribute("data-state", "saved");
      for (const size of [
        { width: 390, height: 844 },
        { width: 1440, height: 900 },
      ]) {
        await page.setViewportSize(size);
        await noSideScroll(page);
        await shot(page, `lobby-${lang}-${size.width}`);
        await page.getByTestId("account-toggle").click();
        await noSideScroll(page);
        await shot(page, `menu-${lang}-${size.width}`);
        await page.getByTestId("account-toggle").click();
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await checkScreen(page, `lobby-polish-${lang}`);
    } finally {
      await host.context.close();
    }
  });
}
