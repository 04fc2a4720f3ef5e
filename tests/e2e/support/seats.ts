// Seats of a big table: every seat is its own browser context (own cookies, as on separate phones).
// A seat may be played through its page (UI + wire auditor) or, to spare the 2-core CI machine,
// through the same HTTP API the page uses, with that context's own session.
import { expect, type Browser, type BrowserContext } from "@playwright/test";
import { passReveal } from "./moments";
import { PLAYER_CONTEXT, type Player } from "./players";
import { recordWire } from "./wire-audit";

export interface Seat extends Omit<Player, "page" | "wire"> {
  page: Player["page"] | null;
  wire: Player["wire"] | null;
}

export async function newSeat(browser: Browser, name: string): Promise<Seat> {
  const context: BrowserContext = await browser.newContext(PLAYER_CONTEXT);
  return { name, context, page: null, wire: null, id: "", role: "" };
}

/** One API call as this seat; a refusal fails the test with the server's code. */
export async function call<T = unknown>(seat: Seat, method: "GET" | "POST" | "PATCH", path: string, body?: unknown): Promise<T> {
  const res = await seat.context.request.fetch(path, { method, data: body });
  const json = (await res.json().catch(() => null)) as T & { error?: { code: string; message: string } };
  expect(res.ok(), `${seat.name} ${method} ${path} ${JSON.stringify(body ?? "")} → ${res.status()} ${JSON.stringify(json?.error)}`).toBe(true);
  return json;
}

let keys = 0;
export const act = (seat: Seat, gameId: string, action: Record<string, unknown>) =>
  call(seat, "POST", `/api/games/${gameId}/actions`, { action, idempotencyKey: `seat-${seat.name}-${++keys}-${Date.now()}` });

/** Opens this seat's page (with its wire recorder) on `path`, past the role card if the game shows it. */
export async function openPage(seat: Seat, path: string): Promise<Player> {
  if (!seat.page) {
    seat.page = await seat.context.newPage();
    seat.wire = await recordWire(seat.context, seat.page);
  }
  await seat.page.goto(path);
  if (path.startsWith("/r/")) {
    // A room opens on the lobby or the game; a game this device has not seen opens on the role card.
    await expect(seat.page.getByTestId("phase-banner").or(seat.page.getByTestId("ready-toggle"))).toBeVisible();
    await passReveal(seat.page);
  }
  return seat as Player;
}
