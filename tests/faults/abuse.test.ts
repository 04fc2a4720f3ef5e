// Abuse ceilings and absence, through the route handlers in-process (PGlite, and real Postgres
// with TEST_DATABASE_URL): 429 RATE_LIMITED with Retry-After for sign-ins per address, actions per
// player and chat (S-CHAT-5); absence from public turns only, shown in the room read.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { forEachDb } from "../db/test-db";
import { useDb } from "@/lib/server/db";
import { advanceDue } from "@/lib/server/advance-due";
import { markConnected } from "@/lib/server/presence";
import { PRESENCE_GRACE_MS } from "@/lib/realtime/presence-grace";
import { ABSENT_AFTER } from "@/lib/server/games/absence";
import { POST as signInRoute } from "@/app/api/auth/anonymous/route";
import { GET as roomRoute } from "@/app/api/rooms/[code]/route";
import { GET as gameRoute } from "@/app/api/games/[id]/route";
import { GET as chatRoute } from "@/app/api/games/[id]/chat/route";
import { call, expectRefused } from "../api/helpers";
import { startedGame, type Table } from "../api/game-setup";

forEachDb("abuse and absence", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));
  afterEach(() => {
    delete process.env.MASOI_RATE_ACTIONS;
  });

  const signInFrom = (address: string, name: string) =>
    call(signInRoute, { body: { displayName: name }, headers: { "x-forwarded-for": `${address}, 10.0.0.1` } });

  /** Moves the game past its current deadline (the scheduler's job in production). */
  async function pastDeadline(t: Table) {
    await advanceDue(db(), (await t.deadline()) + 1);
  }

  describe("rate limits", () => {
    it("sign-ins per address: the 31st in 10 minutes is 429 with Retry-After; other addresses are not affected", async () => {
      for (let i = 0; i < 30; i++) expect((await signInFrom("203.0.113.7", `Flood${i}`)).status).toBe(200);
      const refused = await signInFrom("::ffff:203.0.113.7", "Flood30"); // the same address, IPv4-mapped
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe("RATE_LIMITED");
      const retry = Number(refused.headers.get("retry-after"));
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(600);
      expect(refused.headers.get("set-cookie")).toBeNull();
      expect((await signInFrom("198.51.100.9", "Elsewhere")).status).toBe(200);
    });

    it("actions per player: over the ceiling → 429 with Retry-After, nothing written; other players unaffected", async () => {
      const t = await startedGame();
      process.env.MASOI_RATE_ACTIONS = "5/10";
      const [a, b] = t.players;
      // Refused actions count too: a flood of illegal requests is still a flood.
      for (let i = 0; i < 5; i++) expect((await t.act(a, { type: "vote", target: b.id })).status).toBe(409);
      const res = await expectRefused(db(), () => t.act(a, { type: "skip" }), 429, "RATE_LIMITED");
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(10);
      expect((await t.act(b, { type: "vote", target: a.id })).body.error.code).toBe("WRONG_PHASE");
    });

    it("S-CHAT-5: the 6th day message within 5 s is 429 RATE_LIMITED with Retry-After, and is not stored", async () => {
      const t = await startedGame();
      await pastDeadline(t);
      await pastDeadline(t);
      expect(await t.phase()).toBe("day");
      const alive = (await t.host.call(gameRoute, { params: { id: t.gameId } })).body.players.filter((p: { alive: boolean }) => p.alive);
      const speaker = t.players.find((p) => p.id === alive[0].userId)!;
      for (let i = 0; i < 5; i++) expect((await t.act(speaker, { type: "chat", channel: "day", text: `m${i}` })).status).toBe(200);
      const res = await expectRefused(db(), () => t.act(speaker, { type: "chat", channel: "day", text: "one too many" }), 429, "RATE_LIMITED");
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      const day = (await t.host.call(chatRoute, { params: { id: t.gameId }, query: "?channel=day&day=1" })).body.messages;
      expect(day.map((m: { text: string }) => m.text)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    });
  });

  describe("absent players", () => {
    it(`W-ROOM-5, P-3: ${ABSENT_AFTER} public turns missed in a row → absent in the room read; night turns never count; phases never wait`, async () => {
      const t = await startedGame();
      const [active] = t.players;
      const room = async (viewer = t.host) => (await viewer.call(roomRoute, { params: { code: t.code } })).body;

      // Night 1: only some roles have a night action; nobody is judged on it.
      await pastDeadline(t);
      await pastDeadline(t);
      expect(await t.phase()).toBe("day");
      expect((await room()).members.every((m: { missedTurns: number; absent: boolean }) => m.missedTurns === 0 && !m.absent)).toBe(true);

      // Day 1: `active` says ready; vote 1: `active` votes; everyone else lets both pass.
      expect((await t.act(active, { type: "ready_to_vote" })).status).toBe(200);
      await pastDeadline(t);
      expect(await t.phase()).toBe("vote");
      expect((await t.act(active, { type: "vote", target: t.players[1].id })).status).toBe(200);
      await pastDeadline(t); // vote closes by its timer: a phase never waits for the silent
      const after1 = await room();
      const alive = new Set(
        (await t.host.call(gameRoute, { params: { id: t.gameId } })).body.players.filter((p: { alive: boolean }) => p.alive).map((p: { userId: string }) => p.userId),
      );
      for (const m of after1.members) {
        if (alive.has(m.userId)) expect({ id: m.userId, missed: m.missedTurns }).toEqual({ id: m.userId, missed: m.userId === active.id ? 0 : 2 });
      }

      // Night 2 (not counted), Day 2 missed by everyone: the silent reach 3 → absent.
      while ((await t.phase()) !== "day") await pastDeadline(t);
      await pastDeadline(t);
      const after2 = await room();
      for (const m of after2.members) {
        if (!alive.has(m.userId)) continue;
        expect({ id: m.userId, absent: m.absent }).toEqual({ id: m.userId, absent: m.userId !== active.id });
      }
      // Public-safe, so every member sees the same thing, not only the host.
      expect((await room(t.players[3])).members).toEqual(after2.members);
    });

    it("presence: a member with an open realtime stream is `connected` in the room read; after the grace of joining or of the stream's end, one without is not", async () => {
      const t = await startedGame();
      const read = async () =>
        (await t.host.call(roomRoute, { params: { code: t.code } })).body.members.map((m: { userId: string; connected: boolean }) => [m.userId, m.connected]);
      // A minute after the joins and this server's start, past their grace (only the clock moves).
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60_000 });
      try {
        const release = markConnected(t.roomId, t.players[2].id);
        expect(await read()).toEqual(t.players.map((p) => [p.id, p.id === t.players[2].id]));
        release();
        release(); // idempotent
        // A reload's gap: still present within the grace of the stream's end.
        expect(await read()).toEqual(t.players.map((p) => [p.id, p.id === t.players[2].id]));
        vi.setSystemTime(Date.now() + PRESENCE_GRACE_MS + 1);
        expect((await read()).every(([, c]: [string, boolean]) => c === false)).toBe(true);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
