// One browser context per player, as on separate phones: own cookies, own session, own wire log.
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { passReveal } from "./moments";
import { recordWire, type WireLog } from "./wire-audit";

export interface Player {
  name: string;
  context: BrowserContext;
  page: Page;
  wire: WireLog;
  /** Filled in once the game starts (own tile). */
  id: string;
  /** Own role as shown on the own role card. */
  role: string;
}

/**
 * Players prefer reduced motion: the game's moments (role card, night falls / day breaks) then
 * appear at rest, which spares the 2-core machine eight pages of animation at once; the animated
 * path has its own players in moments.spec.ts.
 */
export const PLAYER_CONTEXT = { viewport: { width: 390, height: 844 }, reducedMotion: "reduce" } as const;

export async function newPlayer(browser: Browser, name: string): Promise<Player> {
  const context = await browser.newContext(PLAYER_CONTEXT);
  const page = await context.newPage();
  const wire = await recordWire(context, page);
  return { name, context, page, wire, id: "", role: "" };
}

/** Landing → sign in → create a room; returns the invite link shown in the lobby. */
export async function hostRoom(host: Player): Promise<string> {
  const { page } = host;
  await page.goto("/");
  await page.getByTestId("name-input").fill(host.name);
  await page.getByTestId("name-submit").click();
  await page.getByTestId("create-room").click();
  await page.waitForURL(/\/r\/[A-Z0-9]{6}$/);
  const link = await page.getByTestId("invite-link").inputValue();
  expect(link).toMatch(/\/r\/[A-Z0-9]{6}$/);
  return link;
}

/** A fresh context opens the invite link, types a name and lands in the lobby. */
export async function joinByLink(p: Player, link: string): Promise<void> {
  await p.page.goto(new URL(link).pathname);
  await p.page.getByTestId("name-input").fill(p.name);
  await p.page.getByTestId("name-submit").click();
  await expect(p.page.getByTestId("ready-toggle")).toBeVisible();
}

export async function setReady(p: Player): Promise<void> {
  const toggle = p.page.getByTestId("ready-toggle");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
}

/** Host presses Start once the lobby shows everyone ready; every player lands in Night 1. */
export async function startGame(host: Player, all: Player[]): Promise<void> {
  await expect(host.page.getByTestId("is-ready")).toHaveCount(all.length);
  await expect(host.page.getByTestId("start")).toBeEnabled();
  await host.page.getByTestId("start").click();
  for (const p of all) await expect(p.page.getByTestId("phase-banner")).toHaveAttribute("data-phase", /^night\./, { timeout: 30_000 });
}

/**
 * Turns over the role card the game opens on and goes on, then reveals the own role card (the
 * tiles' marks follow it) and records this player's id and role from it.
 */
export async function learnOwnRole(p: Player): Promise<void> {
  const { page } = p;
  await expect(page.getByTestId("tile").first()).toBeVisible();
  await passReveal(page);
  p.id = (await page.locator('[data-testid="tile"][data-me="true"]').getAttribute("data-player")) ?? "";
  expect(p.id).not.toBe("");
  await page.getByTestId("role-toggle").click();
  p.role = (await page.getByTestId("my-role").getAttribute("data-role")) ?? "";
  expect(p.role).not.toBe("");
}

export async function closeAll(players: Player[]): Promise<void> {
  await Promise.all(players.map((p) => p.context.close()));
}

export const NAMES = ["Host", "An", "Bình", "Chi", "Dũng", "Giang", "Hà", "Khoa", "Lan"];

export interface Table {
  players: Player[];
  link: string;
  code: string;
  gameId: string;
}

/** Host creates a room, n−1 fresh contexts join by the invite link, all ready, host starts. */
export async function setupGame(browser: Browser, n: number): Promise<Table> {
  const players: Player[] = [];
  for (const name of NAMES.slice(0, n)) players.push(await newPlayer(browser, name));
  const link = await hostRoom(players[0]);
  for (const g of players.slice(1)) await joinByLink(g, link);
  for (const p of players) await setReady(p);
  await startGame(players[0], players);
  // Side by side, as at a table: the night runs while everyone turns their card over.
  await Promise.all(players.map(learnOwnRole));
  const code = link.slice(-6);
  const snap = (await (await players[0].page.request.get(`/api/rooms/${code}`)).json()) as { room: { gameId: string } };
  return { players, link, code, gameId: snap.room.gameId };
}
