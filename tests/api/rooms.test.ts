// Lobby flows (W-ROOM-1..5, S-START-1) through the route handlers, on PGlite and real Postgres.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import { useDb } from "@/lib/server/db";
import { CODE_ALPHABET } from "@/lib/server/rooms/code";
import { POST as createRoute } from "@/app/api/rooms/route";
import { GET as roomRoute } from "@/app/api/rooms/[code]/route";
import { POST as joinRoute } from "@/app/api/rooms/[code]/join/route";
import { POST as leaveRoute } from "@/app/api/rooms/[code]/leave/route";
import { POST as readyRoute } from "@/app/api/rooms/[code]/ready/route";
import { POST as appearanceRoute } from "@/app/api/rooms/[code]/appearance/route";
import { POST as kickRoute } from "@/app/api/rooms/[code]/kick/route";
import { PATCH as settingsRoute } from "@/app/api/rooms/[code]/settings/route";
import { POST as nameRoute } from "@/app/api/rooms/[code]/name/route";
import { expectRefused, signIn, type Client } from "./helpers";

forEachDb("rooms API", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  async function roomWith(n: number, prefix: string) {
    const host = await signIn(`${prefix}0`);
    const created = await host.call(createRoute, { body: {} });
    expect(created.status).toBe(201);
    const code: string = created.body.room.code;
    const others: Client[] = [];
    for (let i = 1; i < n; i++) {
      const c = await signIn(`${prefix}${i}`);
      const j = await c.call(joinRoute, { params: { code }, body: {} });
      expect(j.status).toBe(200);
      others.push(c);
    }
    return { host, others, code, roomId: created.body.room.id as string };
  }

  it("W-ROOM-1: the creator is host and first member; the code has 6 unambiguous characters and an invite link", async () => {
    const { host, code } = await roomWith(1, "Creator");
    expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{6}$`));
    expect(code).not.toMatch(/[01OIL]/);
    const r = await host.call(roomRoute, { params: { code: code.toLowerCase() } });
    expect(r.status).toBe(200);
    expect(r.body.room.invitePath).toBe(`/r/${code}`);
    expect(r.body.room.hostId).toBe(host.id);
    expect(r.body.members).toEqual([expect.objectContaining({ userId: host.id, displayName: "Creator0", isHost: true, ready: false })]);
  });

  it("W-ROOM-2: others join by code in the lobby; a non-member sees only the invite preview; appearance is cosmetic", async () => {
    const { host, code } = await roomWith(1, "Joiner");
    const guest = await signIn("Guest");
    const preview = await guest.call(roomRoute, { params: { code } });
    expect(preview.body).toEqual({
      room: { code, invitePath: `/r/${code}`, status: "lobby", joinable: true, gameRunning: false, watchable: false },
      members: [{ displayName: "Joiner0" }],
      me: { userId: guest.id, isMember: false },
    });
    const joined = await guest.call(joinRoute, { params: { code }, body: { appearance: "fox-2" } });
    expect(joined.body.members.map((m: { displayName: string }) => m.displayName)).toEqual(["Joiner0", "Guest"]);
    const again = await guest.call(joinRoute, { params: { code }, body: {} });
    expect(again.status).toBe(200);
    expect(again.body.members).toHaveLength(2);
    const ap = await guest.call(appearanceRoute, { params: { code }, body: { appearance: "owl" } });
    expect(ap.body.members.find((m: { userId: string }) => m.userId === guest.id).appearance).toBe("owl");
    expect((await host.call(roomRoute, { params: { code } })).body.members).toHaveLength(2);
  });

  it("W-ROOM-3: display names are unique case-insensitively, trimmed, 1–20 characters; HTML is refused", async () => {
    const { code } = await roomWith(1, "Anna");
    const b = await signIn("Bob");
    await expectRefused(db(), () => b.call(joinRoute, { params: { code }, body: { displayName: "  anna0 " } }), 409, "NAME_TAKEN");
    await expectRefused(db(), () => b.call(joinRoute, { params: { code }, body: { displayName: "   " } }), 400, "BAD_NAME");
    await expectRefused(db(), () => b.call(joinRoute, { params: { code }, body: { displayName: "x".repeat(21) } }), 400, "BAD_NAME");
    await expectRefused(db(), () => b.call(joinRoute, { params: { code }, body: { displayName: "<b>hi</b>" } }), 400, "BAD_NAME");
    await expectRefused(db(), () => b.call(joinRoute, { params: { code }, body: { displayName: 42 } }), 400, "BAD_REQUEST");
    const ok = await b.call(joinRoute, { params: { code }, body: { displayName: "  Bé Na  " } });
    expect(ok.status).toBe(200);
    expect(ok.body.members.map((m: { displayName: string }) => m.displayName)).toContain("Bé Na");
    await expectRefused(db(), () => b.call(nameRoute, { params: { code }, body: { displayName: "ANNA0" } }), 409, "NAME_TAKEN");
  });

  it("W-ROOM-4: the host kicks and changes settings in the lobby; others cannot", async () => {
    const { host, others, code } = await roomWith(3, "Kick");
    const [a, b] = others;
    await expectRefused(db(), () => a.call(kickRoute, { params: { code }, body: { userId: b.id } }), 403, "NOT_HOST");
    await expectRefused(db(), () => a.call(settingsRoute, { method: "PATCH", params: { code }, body: { dayLength: 60 } }), 403, "NOT_HOST");
    await expectRefused(db(), () => host.call(settingsRoute, { method: "PATCH", params: { code }, body: { dayLength: 301 } }), 400, "BAD_REQUEST");
    await expectRefused(db(), () => host.call(settingsRoute, { method: "PATCH", params: { code }, body: { dayLength: 29 } }), 400, "BAD_REQUEST");
    await expectRefused(db(), () => host.call(kickRoute, { params: { code }, body: { userId: host.id } }), 409, "CANNOT_KICK_SELF");
    const s = await host.call(settingsRoute, { method: "PATCH", params: { code }, body: { dayLength: 45, ruleset: "classic", classic: { sheriff: true } } });
    expect(s.status).toBe(200);
    expect(s.body.room.settings).toMatchObject({ dayLength: 45, ruleset: "classic", classic: { sheriff: true, tieRevote: false } });
    const k = await host.call(kickRoute, { params: { code }, body: { userId: b.id } });
    expect(k.body.members.map((m: { userId: string }) => m.userId)).toEqual([host.id, a.id]);
    expect((await b.call(roomRoute, { params: { code } })).body.me.isMember).toBe(false);
  });

  it("W-ROOM-4: when the host leaves, the earliest-joined remaining player becomes host", async () => {
    const { host, others, code } = await roomWith(3, "Succ");
    expect((await host.call(leaveRoute, { params: { code } })).body).toEqual({ ok: true });
    const r = await others[0].call(roomRoute, { params: { code } });
    expect(r.body.room.hostId).toBe(others[0].id);
    expect(r.body.members.map((m: { userId: string }) => m.userId)).toEqual([others[0].id, others[1].id]);
  });

  it("S-START-1: ready toggles per member; only members may toggle", async () => {
    const { host, others, code } = await roomWith(2, "Ready");
    const r = await others[0].call(readyRoute, { params: { code }, body: { ready: true } });
    expect(r.body.members.map((m: { ready: boolean }) => m.ready)).toEqual([false, true]);
    const stranger = await signIn("Stranger");
    await expectRefused(db(), () => stranger.call(readyRoute, { params: { code }, body: { ready: true } }), 403, "NOT_A_MEMBER");
    await expectRefused(db(), () => host.call(readyRoute, { params: { code }, body: { ready: "yes" } }), 400, "BAD_REQUEST");
  });

  describe("bad input writes nothing", () => {
    it("unknown room, malformed JSON, oversized bodies, unknown fields, signed-out caller", async () => {
      const { host, code } = await roomWith(1, "Edge");
      await expectRefused(db(), () => host.call(joinRoute, { params: { code: "ZZZZZZ" }, body: {} }), 404, "ROOM_NOT_FOUND");
      await expectRefused(db(), () => host.call(roomRoute, { params: { code: "not-a-code" } }), 404, "ROOM_NOT_FOUND");
      await expectRefused(db(), () => host.call(readyRoute, { params: { code }, raw: "{ready: true" }), 400, "BAD_JSON");
      await expectRefused(db(), () => host.call(readyRoute, { params: { code }, raw: JSON.stringify({ ready: true, pad: "x".repeat(17_000) }) }), 413, "BODY_TOO_LARGE");
      await expectRefused(
        db(),
        () => host.call(readyRoute, { params: { code }, raw: JSON.stringify({ ready: true }), headers: { "content-length": "999999" } }),
        413,
        "BODY_TOO_LARGE",
      );
      await expectRefused(db(), () => host.call(readyRoute, { params: { code }, body: { ready: true, admin: true } }), 400, "BAD_REQUEST");
      await expectRefused(db(), () => host.call(readyRoute, { params: { code }, body: [true] }), 400, "BAD_REQUEST");
      const { call } = await import("./helpers");
      await expectRefused(db(), () => call(createRoute, { body: {} }), 401, "UNAUTHENTICATED");
      await expectRefused(db(), () => call(readyRoute, { params: { code }, body: { ready: true } }, "ms_session=forged.token.value"), 401, "UNAUTHENTICATED");
    });
  });
});
