// Landing, language, lobby, invite link and QR code, and the realtime banner — each screen also
// passes axe-core (no serious or critical violations).
import { expect, test } from "@playwright/test";
import QRCode from "qrcode";
import { closeAll, hostRoom, joinByLink, newPlayer } from "./support/players";
import { checkScreen } from "./support/screens";

test("landing: Vietnamese by default, language switch persists across reloads (vi → en → zh)", async ({ browser }) => {
  const p = await newPlayer(browser, "Lan");
  try {
    await p.page.goto("/");
    await expect(p.page.locator("html")).toHaveAttribute("lang", "vi");
    await expect(p.page.getByRole("heading", { name: "Cách chơi" })).toBeVisible();
    // Role names are the glossary's words.
    for (const w of ["Sói", "Tiên tri", "Bảo vệ", "Phù thủy", "Thợ săn", "Dân làng"]) await expect(p.page.getByRole("heading", { name: w, exact: true })).toBeVisible();
    await checkScreen(p.page, "landing");
    await p.page.getByTestId("language").selectOption("en");
    await expect(p.page.getByRole("heading", { name: "How to play" })).toBeVisible();
    await p.page.reload();
    await expect(p.page.locator("html")).toHaveAttribute("lang", "en");
    for (const w of ["Werewolf", "Seer", "Guard", "Witch", "Hunter", "Villager"]) await expect(p.page.getByRole("heading", { name: w, exact: true })).toBeVisible();
    await p.page.getByTestId("language").selectOption("zh");
    await expect(p.page.getByRole("heading", { name: "玩法" })).toBeVisible();
    for (const w of ["狼人", "预言家", "守卫", "女巫", "猎人", "村民"]) await expect(p.page.getByRole("heading", { name: w, exact: true })).toBeVisible();
    await checkScreen(p.page, "landing-zh");
  } finally {
    await closeAll([p]);
  }
});

test("W-ROOM-1 W-ROOM-2: invite link and QR code, join from a fresh context, lobby screens, start reason", async ({ browser }) => {
  const host = await newPlayer(browser, "Host");
  const guest = await newPlayer(browser, "Mai");
  const byCode = await newPlayer(browser, "Nam");
  try {
    const link = await hostRoom(host);
    const code = link.slice(-6);
    // The QR code encodes exactly the invite link: the drawn modules equal a fresh encoding of it.
    const qr = host.page.getByTestId("invite-qr");
    await expect(qr).toHaveAttribute("data-qr-text", link);
    const drawn = await qr.locator("path").getAttribute("d");
    const modules = QRCode.create(link, { errorCorrectionLevel: "M" }).modules;
    let expected = "";
    for (let y = 0; y < modules.size; y++) for (let x = 0; x < modules.size; x++) if (modules.get(x, y)) expected += `M${x + 2} ${y + 2}h1v1h-1z`;
    expect(drawn).toBe(expected);
    await expect(host.page.getByTestId("start-hint")).toContainText("8–9");
    await checkScreen(host.page, "lobby-host");

    // Fresh context through the invite link: name form first, then the lobby.
    await guest.page.goto(new URL(link).pathname);
    await checkScreen(guest.page, "invite");
    await joinByLink(guest, link);
    await expect(host.page.getByTestId("seat")).toHaveCount(2);
    // Appearance is a radio group (keyboard: arrows); the choice is saved on the server.
    await guest.page.getByRole("radio", { name: "Cáo" }).focus();
    await guest.page.keyboard.press("Space");
    await guest.page.reload();
    await expect(guest.page.getByRole("radio", { name: "Cáo" })).toBeChecked();
    await checkScreen(guest.page, "lobby-guest");

    // Join by typing the code on the landing page.
    await byCode.page.goto("/");
    await byCode.page.getByTestId("name-input").fill(byCode.name);
    await byCode.page.getByTestId("name-submit").click();
    await byCode.page.getByTestId("code-input").fill(code.toLowerCase());
    await byCode.page.getByTestId("join-code").click();
    await byCode.page.getByTestId("join-room").click();
    await expect(byCode.page.getByTestId("ready-toggle")).toBeVisible();
    await expect(host.page.getByTestId("seat")).toHaveCount(3);

    // Realtime down → a visible banner; back → it goes away and the lobby catches up.
    const block = (route: import("@playwright/test").Route) => route.abort();
    await guest.context.route("**/api/realtime**", block);
    await guest.page.reload();
    await expect(guest.page.getByTestId("conn-down")).toBeVisible({ timeout: 30_000 });
    await checkScreen(guest.page, "connection-down");
    await byCode.page.getByTestId("ready-toggle").click();
    await guest.context.unroute("**/api/realtime**", block);
    await expect(guest.page.getByTestId("conn-down")).toHaveCount(0, { timeout: 30_000 });
    await expect(guest.page.getByTestId("is-ready")).toHaveCount(1);
  } finally {
    await closeAll([host, guest, byCode]);
  }
});
