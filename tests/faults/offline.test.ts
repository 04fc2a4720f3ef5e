// Fault: a client goes offline for 30 s of game time — its stream is gone, it misses every signal
// while phases change, wolves pick, the seer learns, the town chats — and comes back with the
// cursor it had. After one refetch it holds exactly what an always-connected client of the same
// player got, and exactly what a fresh full read returns (W-ROOM-5, S-SEER-2, S-CHAT-3).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../support/server";
import { startApp, type AppServer } from "./support/server";
import { act, eventsSince, freshKey, startGame, waitPhase, type Game } from "./support/client";
import { follow, type Follower } from "./support/follower";
import { living, playNightOne } from "./support/play";

const SCALE = 0.2;
let server: AppServer;
let game: Game;

beforeAll(async () => {
  await ensureBuild();
  server = await startApp({ timeScale: SCALE });
  game = await startGame(server.url, "O", 8, { dayLength: 30 });
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe("offline client", () => {
  it("W-ROOM-5: 30 s offline, then one catch-up from its cursor equals the always-connected client's events", async () => {
    const watched = [game.byRole("wolf")[0], game.byRole("seer")[0], game.byRole("villager")[1]];
    const steady = new Map<string, Follower>();
    const flaky = new Map<string, Follower>();
    for (const p of watched) {
      steady.set(p.id, follow(server.url, p, game.roomId, game.gameId));
      flaky.set(p.id, follow(server.url, p, game.roomId, game.gameId));
      await steady.get(p.id)!.connect();
      await flaky.get(p.id)!.connect();
    }
    for (const f of flaky.values()) await f.disconnect();
    const offlineFrom = new Map([...flaky].map(([id, f]) => [id, f.events.length]));
    const offlineUntil = Date.now() + (30_000 * SCALE);

    // While they are away: the night's actions and wolf chat, dawn, day chat.
    await playNightOne(game);
    const day = await waitPhase(game.host, game.gameId, ["day"], 60_000);
    for (const p of living(game, day.alive).slice(0, 3)) {
      expect((await act(p, game.gameId, { type: "chat", channel: "day", text: `while you were away ${freshKey()}` })).status).toBe(200);
    }
    await new Promise((r) => setTimeout(r, Math.max(0, offlineUntil - Date.now())));

    for (const f of flaky.values()) await f.connect();
    for (const p of watched) {
      const f = flaky.get(p.id)!;
      // It really missed something: events arrived for it while it was away.
      expect(f.events.length).toBeGreaterThan(offlineFrom.get(p.id)!);
      const s = steady.get(p.id)!;
      // Both settle on what a fresh full read returns (phases keep moving, so compare when quiet).
      const settled = async () => {
        const full = JSON.stringify((await eventsSince(p, game.gameId)).events);
        return JSON.stringify(f.events) === full && JSON.stringify(s.events) === full;
      };
      await expect.poll(settled, { timeout: 10_000, interval: 250 }).toBe(true);
      expect(f.events).toEqual(s.events);
      expect(steady.get(p.id)!.signals).toBeGreaterThan(0);
    }
    for (const f of [...steady.values(), ...flaky.values()]) await f.disconnect();
  }, 120_000);
});
