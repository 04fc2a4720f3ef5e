// Kicks that hold and host powers (issue 22 items 5 and 7) through the route handlers, on PGlite
// and real Postgres: every refusal is a stable code that writes nothing (`expectRefused`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import { useDb } from "@/lib/server/db";
import { GET as roomRoute } from "@/app/api/rooms/[code]/route";
import { POST as joinRoute } from "@/app/api/rooms/[code]/join/route";
import { POST as leaveRoute } from "@/app/api/rooms/[code]/leave/route";
import { POST as kickRoute } from "@/app/api/rooms/[code]/kick/route";
import { POST as allowBackRoute } from "@/app/api/rooms/[code]/allow-back/route";
import { POST as hostRoute } from "@/app/api/rooms/[code]/host/route";
import { POST as endGameRoute } from "@/app/api/rooms/[code]/end-game/route";
import { POST as botsRoute } from "@/app/api/rooms/[code]/bots/route";
import { POST as resetRoute } from "@/app/api/rooms/[code]/reset/route";
import { GET as viewRoute } from "@/app/api/games/[id]/view/route";
import { GET as historyRoute } from "@/app/api/rooms/[code]/games/route";
import { markConnected } from "@/lib/server/presence";
import { HOST_ABSENT_MS, passAbsentHost } from "@/lib/server/rooms/host";
import { eventRows, lobby, startedGame } from "./game-setup";
import { expectRefused, signIn } from "./helpers";
import { locales } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";

it("every refusal of the host powers has its own message in every language", () => {
  for (const l of locales) {
    const errors = messagesFor(l).errors as Record<string, string>;
    for (const code of ["KICKED", "BAN_NOT_FOUND", "BOT_CANNOT_HOST", "ALREADY_HOST", "GAME_NOT_RUNNING", "NOT_HOST"]) expect(errors[code], `${l} ${code}`).toBeTruthy();
  }
});

forEachDb("host powers API", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  describe("kick holds (issue 22 item 5)", () => {
    it("a kicked player is told they were removed, cannot rejoin (403 KICKED) until the host lets them back", async () => {
      const { code, players } = await lobby(3);
      const [host, a, b] = players;
      const k = await host.call(kickRoute, { params: { code }, body: { userId: b.id } });
      expect(k.status).toBe(200);
      // The host's list, and only the host's.
      expect(k.body.removed).toEqual([expect.objectContaining({ userId: b.id, displayName: b.name })]);
      expect((await a.call(roomRoute, { params: { code } })).body.removed).toEqual([]);
      // The removed player learns that they are removed, and nothing about who is in the room.
      const preview = await b.call(roomRoute, { params: { code } });
      expect(preview.body).toEqual({
        room: { code, invitePath: `/r/${code}`, status: "lobby", joinable: false, gameRunning: false, watchable: false, removed: true },
        members: [],
        me: { userId: b.id, isMember: false },
      });
      await expectRefused(db(), () => b.call(joinRoute, { params: { code }, body: {} }), 403, "KICKED");
      // A non-host cannot lift it; lifting a player not on the list is a 404.
      await expectRefused(db(), () => a.call(allowBackRoute, { params: { code }, body: { userId: b.id } }), 403, "NOT_HOST");
      await expectRefused(db(), () => host.call(allowBackRoute, { params: { code }, body: { userId: a.id } }), 404, "BAN_NOT_FOUND");
      await expectRefused(db(), () => host.call(allowBackRoute, { params: { code }, body: { userId: "nope" } }), 400, "BAD_REQUEST");
      const lifted = await host.call(allowBackRoute, { params: { code }, body: { userId: b.id } });
      expect(lifted.status).toBe(200);
      expect(lifted.body.removed).toEqual([]);
      expect((await b.call(roomRoute, { params: { code } })).body.room).not.toHaveProperty("removed");
      const back = await b.call(joinRoute, { params: { code }, body: {} });
      expect(back.status).toBe(200);
      expect(back.body.members.map((m: { userId: string }) => m.userId)).toEqual([host.id, a.id, b.id]);
    });

    it("a ban is of one room only, and a stranger's preview says nothing of it", async () => {
      const one = await lobby(2);
      const two = await lobby(1);
      const [, kickedOne] = one.players;
      await one.host.call(kickRoute, { params: { code: one.code }, body: { userId: kickedOne.id } });
      expect((await kickedOne.call(joinRoute, { params: { code: two.code }, body: {} })).status).toBe(200);
      const stranger = await signIn("Stranger");
      expect((await stranger.call(roomRoute, { params: { code: one.code } })).body.room).toEqual({
        code: one.code,
        invitePath: `/r/${one.code}`,
        status: "lobby",
        joinable: true,
        gameRunning: false,
        watchable: false,
      });
    });
  });

  describe("passing the host role (issue 22 item 7a)", () => {
    it("the host passes the role to a person; not to a bot, not to themself, and no one else may", async () => {
      const { code, players } = await lobby(3);
      const [host, a, b] = players;
      const withBot = await host.call(botsRoute, { params: { code }, body: {} });
      const bot = withBot.body.members.find((m: { isBot: boolean }) => m.isBot);
      await expectRefused(db(), () => a.call(hostRoute, { params: { code }, body: { userId: b.id } }), 403, "NOT_HOST");
      await expectRefused(db(), () => host.call(hostRoute, { params: { code }, body: { userId: bot.userId } }), 409, "BOT_CANNOT_HOST");
      await expectRefused(db(), () => host.call(hostRoute, { params: { code }, body: { userId: host.id } }), 409, "ALREADY_HOST");
      const stranger = await signIn("Outsider");
      await expectRefused(db(), () => host.call(hostRoute, { params: { code }, body: { userId: stranger.id } }), 404, "MEMBER_NOT_FOUND");
      const passed = await host.call(hostRoute, { params: { code }, body: { userId: b.id } });
      expect(passed.status).toBe(200);
      expect(passed.body.room.hostId).toBe(b.id);
      // The old host is now an ordinary member; the new one has the host's powers.
      await expectRefused(db(), () => host.call(kickRoute, { params: { code }, body: { userId: a.id } }), 403, "NOT_HOST");
      expect((await b.call(kickRoute, { params: { code }, body: { userId: a.id } })).status).toBe(200);
    });

    it("two hands passing at once: one wins, the other is refused NOT_HOST", async () => {
      const { code, players } = await lobby(3);
      const [host, a, b] = players;
      const [x, y] = await Promise.all([
        host.call(hostRoute, { params: { code }, body: { userId: a.id } }),
        host.call(hostRoute, { params: { code }, body: { userId: b.id } }),
      ]);
      expect([x.status, y.status].sort()).toEqual([200, 403]);
      const room = (await a.call(roomRoute, { params: { code } })).body.room;
      expect([a.id, b.id]).toContain(room.hostId);
    });
  });

  describe("the host role passes by itself (issue 22 item 7b)", () => {
    it("a host who leaves hands it to the longest-present person, never a bot", async () => {
      const { code, players } = await lobby(1);
      const [host] = players;
      await host.call(botsRoute, { params: { code }, body: {} });
      const late = await signIn("Late");
      await late.call(joinRoute, { params: { code }, body: {} });
      await host.call(leaveRoute, { params: { code }, body: {} });
      expect((await late.call(roomRoute, { params: { code } })).body.room.hostId).toBe(late.id);
    });

    it("W-ROOM-4: a host who leaves hands it to the earliest-joined person even if offline; an absence then moves it on", async () => {
      const { code, roomId, players } = await lobby(3);
      const [host, a, b] = players;
      const release = markConnected(roomId, b.id);
      try {
        await host.call(leaveRoute, { params: { code }, body: {} });
        expect((await b.call(roomRoute, { params: { code } })).body.room.hostId).toBe(a.id);
        expect(await passAbsentHost(db(), roomId, Date.now() + HOST_ABSENT_MS + 1_000)).toBe(true);
        expect((await b.call(roomRoute, { params: { code } })).body.room.hostId).toBe(b.id);
      } finally {
        release();
      }
    });

    it(`a host offline for more than ${HOST_ABSENT_MS / 1000} s in the lobby hands it to the longest-present online person`, async () => {
      const { code, roomId, players } = await lobby(3);
      const [host, a, b] = players;
      // a and b have live streams on the room; the host never opened one.
      const releases = [markConnected(roomId, a.id), markConnected(roomId, b.id)];
      try {
        expect(await passAbsentHost(db(), roomId, Date.now() + HOST_ABSENT_MS / 2)).toBe(false);
        expect((await a.call(roomRoute, { params: { code } })).body.room.hostId).toBe(host.id);
        expect(await passAbsentHost(db(), roomId, Date.now() + HOST_ABSENT_MS + 1_000)).toBe(true);
        expect((await a.call(roomRoute, { params: { code } })).body.room.hostId).toBe(a.id);
        // The new host is online: nothing more passes.
        expect(await passAbsentHost(db(), roomId, Date.now() + HOST_ABSENT_MS + 1_000)).toBe(false);
      } finally {
        for (const r of releases) r();
      }
    });

    it("a host with a live stream keeps the role, and during a game nothing passes", async () => {
      const { code, roomId, players } = await lobby(2);
      const [host, a] = players;
      const releases = [markConnected(roomId, host.id), markConnected(roomId, a.id)];
      try {
        expect(await passAbsentHost(db(), roomId, Date.now() + 10 * HOST_ABSENT_MS)).toBe(false);
      } finally {
        releases.forEach((r) => r());
      }
      const t = await startedGame();
      const release = markConnected(t.roomId, t.players[1].id);
      try {
        expect(await passAbsentHost(db(), t.roomId, Date.now() + 10 * HOST_ABSENT_MS)).toBe(false);
      } finally {
        release();
      }
      expect((await a.call(roomRoute, { params: { code } })).body.room.hostId).toBe(host.id);
    });
  });

  describe("the host ends a running game (issue 22 item 7c)", () => {
    it("S-END-1: everyone sees the end with no winner, every role, and who ended it; others are refused", async () => {
      const t = await startedGame();
      const [host, other] = t.players;
      await expectRefused(db(), () => other.call(endGameRoute, { params: { code: t.code }, body: {} }), 403, "NOT_HOST");
      const stranger = await signIn("Nosy");
      await expectRefused(db(), () => stranger.call(endGameRoute, { params: { code: t.code }, body: {} }), 403, "NOT_A_MEMBER");
      await expectRefused(db(), () => host.call(endGameRoute, { params: { code: t.code }, body: { force: true } }), 400, "BAD_REQUEST");
      const ended = await host.call(endGameRoute, { params: { code: t.code }, body: {} });
      expect(ended.status).toBe(200);
      expect(ended.body.room.gameEnded).toBe(true);
      for (const p of t.players) {
        const v = (await p.call(viewRoute, { params: { id: t.gameId } })).body.view;
        expect(v.ended, p.name).toBe(true);
        expect(v.winner).toBeNull();
        expect(v.winners).toEqual([]);
        expect(v.endedBy).toBe(host.id);
        expect(Object.keys(v.roles).sort()).toEqual(t.players.map((q) => q.id).sort());
        for (const q of t.players) expect(v.roles[q.id]).toBe(t.role.get(q.id));
      }
      const ends = (await eventRows(db(), t.gameId)).filter((e) => e.type === "game_end");
      expect(ends).toHaveLength(1);
      expect(ends[0]).toMatchObject({ audience: "public", payload: { winner: null, endedBy: host.id } });
      // Ending twice: the game is no longer running. Play again works as after any end.
      await expectRefused(db(), () => host.call(endGameRoute, { params: { code: t.code }, body: {} }), 409, "GAME_NOT_RUNNING");
      expect((await host.call(resetRoute, { params: { code: t.code }, body: {} })).status).toBe(200);
      // The lobby's "Earlier games" says the host ended it, and nobody won (issue 22 item 9).
      const [listed] = (await other.call(historyRoute, { params: { code: t.code } })).body.games;
      expect(listed).toMatchObject({ id: t.gameId, winner: null, endedByHost: true, won: false });
      await expectRefused(db(), () => host.call(endGameRoute, { params: { code: t.code }, body: {} }), 409, "GAME_NOT_RUNNING");
    });

    it("a double tap ends the game once; an action racing the end is refused GAME_ENDED or lands before it", async () => {
      const t = await startedGame();
      const [a, b] = await Promise.all([
        t.host.call(endGameRoute, { params: { code: t.code }, body: {} }),
        t.host.call(endGameRoute, { params: { code: t.code }, body: {} }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const ends = (await eventRows(db(), t.gameId)).filter((e) => e.type === "game_end");
      expect(ends).toHaveLength(1);
      const late = await t.act(t.byRole("wolf")[0], { type: "skip" });
      expect(late.status).toBe(409);
      expect(late.body.error.code).toBe("GAME_ENDED");
    });
  });
});
