// A one-statement lobby mutation (ready, appearance) is one script: the room locked and the caller
// checked by app.lock_room_for (migration 0042), the write, the version and the room signal, with
// no transaction held across round trips — on PGlite such a transaction keeps every other request
// waiting (docs/performance.md). Its refusals are the same errors as mutateRoom's, and write nothing.
// The member's room read that follows every lobby change is one script as well.
import { expect, it } from "vitest";
import type { Claims, Db } from "@/lib/db/types";
import { getHub } from "@/lib/realtime/hub";
import type { Signal } from "@/lib/realtime/signal";
import { roomTopic } from "@/lib/realtime/topics";
import { isAppError } from "@/lib/server/app-error";
import { setAppearance, setReady } from "@/lib/server/rooms/member-state";
import { createRoom, joinRoom } from "@/lib/server/rooms/membership";
import { roomSnapshot } from "@/lib/server/rooms/snapshot";
import { forEachDb } from "../db/test-db";
import { startEightPlayerGame } from "../realtime/started-game";
import { spied } from "./spied-db";

const person = (name: string): Claims => ({ sub: crypto.randomUUID(), role: "authenticated", is_anonymous: true, user_metadata: { display_name: name } });

const roomOf = async (db: Db, code: string) =>
  (await db.exec(`select id, version from rooms where code = '${code}'`))[0][0] as { id: string; version: number };

const membersOf = async (db: Db, roomId: string) =>
  (await db.exec(`select user_id, ready, appearance from room_members where room_id = '${roomId}' order by joined_at, user_id`))[0];

async function refusal(p: Promise<unknown>): Promise<{ status: number; code: string }> {
  try {
    await p;
  } catch (e) {
    if (isAppError(e)) return { status: e.status, code: e.code };
    throw e;
  }
  throw new Error("not refused");
}

forEachDb("lobby mutations of one statement", (db) => {
  it("S-START-1: a ready toggle is one script, no transaction; it bumps the room version once and signals room:<id> once", async () => {
    const host = person("Host");
    const guest = person("Guest");
    const code = await createRoom(db(), host, {});
    await joinRoom(db(), guest, code, {});
    const before = await roomOf(db(), code);
    const hub = getHub(db());
    await hub.ready;
    const signals: Signal[] = [];
    const off = hub.subscribe(roomTopic(before.id), (s) => signals.push(s));
    try {
      const spy = spied(db(), "", 0);
      await setReady(spy.db, guest, code, true);
      expect(spy.scripts).toHaveLength(1);
      expect(spy.scripts[0]).toMatch(/^select app\.lock_room_for\(/);
      expect(spy.txs).toBe(0);
      await expect.poll(() => signals.length).toBe(1);
      expect(signals[0]).toMatchObject({ topic: roomTopic(before.id), kind: "room" });
    } finally {
      off();
    }
    expect((await roomOf(db(), code)).version).toBe(before.version + 1);
    expect((await membersOf(db(), before.id)).map((m) => m.ready)).toEqual([false, true]);
  });

  it("W-ROOM-2: an appearance change is one script too, and changes only the caller's row", async () => {
    const host = person("Host");
    const guest = person("Guest");
    const code = await createRoom(db(), host, {});
    await joinRoom(db(), guest, code, {});
    const { id } = await roomOf(db(), code);
    const [hostBefore] = await membersOf(db(), id);
    const spy = spied(db(), "", 0);
    await setAppearance(spy.db, guest, code, "fox");
    expect(spy.scripts).toHaveLength(1);
    expect(spy.txs).toBe(0);
    const [hostAfter, guestAfter] = await membersOf(db(), id);
    expect(hostAfter).toEqual(hostBefore);
    expect(guestAfter.appearance).toBe("fox");
  });

  it("S-START-1: the lock's refusals are mutateRoom's errors, and nothing is written", async () => {
    const host = person("Host");
    const code = await createRoom(db(), host, {});
    const before = await roomOf(db(), code);
    expect(await refusal(setReady(db(), person("Stranger"), code, true))).toEqual({ status: 403, code: "NOT_A_MEMBER" });
    expect(await refusal(setReady(db(), host, "ZZZZZZ", true))).toEqual({ status: 404, code: "ROOM_NOT_FOUND" });
    expect(await refusal(setReady(db(), host, "not a code", true))).toEqual({ status: 404, code: "ROOM_NOT_FOUND" });
    expect(await roomOf(db(), code)).toEqual(before);
    expect((await membersOf(db(), before.id)).map((m) => m.ready)).toEqual([false]);

    const { code: playing, players } = await startEightPlayerGame(db());
    const atStart = await roomOf(db(), playing);
    expect(await refusal(setReady(db(), players[1], playing, false))).toEqual({ status: 409, code: "ROOM_NOT_IN_LOBBY" });
    expect(await refusal(setAppearance(db(), players[1], playing, "owl"))).toEqual({ status: 409, code: "ROOM_NOT_IN_LOBBY" });
    expect(await roomOf(db(), playing)).toEqual(atStart);
  });

  it("W-ROOM-1: a member's room read is one script in the lobby, and two while a game runs (its public events, for attendance)", async () => {
    const host = person("Host");
    const guest = person("Guest");
    const code = await createRoom(db(), host, {});
    await joinRoom(db(), guest, code, {});
    const lobby = spied(db(), "", 0);
    const snap = await roomSnapshot(lobby.db, guest, code);
    expect(lobby.scripts).toHaveLength(1);
    expect(lobby.txs).toBe(0);
    expect(snap.members.map((m) => [m.displayName, m.isHost, m.watching])).toEqual([
      ["Host", true, false],
      ["Guest", false, false],
    ]);
    expect(snap.removed).toEqual([]);

    const { code: playing, players, gameId } = await startEightPlayerGame(db());
    const running = spied(db(), "", 0);
    const during = await roomSnapshot(running.db, players[2], playing);
    expect(running.scripts).toHaveLength(2);
    expect(running.txs).toBe(0);
    expect(during.room).toMatchObject({ gameId, gameEnded: false, status: "playing" });
    expect(during.members.every((m) => !m.watching && m.missedTurns === 0 && !m.absent)).toBe(true);
  });
});
