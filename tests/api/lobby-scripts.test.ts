// A one-statement lobby mutation (ready, appearance) is one script: the room locked and the caller
// checked by app.lock_room_for (migration 0042), the write, the version and the room signal, with
// no transaction held across round trips — on PGlite such a transaction keeps every other request
// waiting (docs/performance.md). Its refusals are the same errors as mutateRoom's, and write nothing.
// The member's room read that follows every lobby change is one script as well. A start is planned
// from the room as read and written by one script that checks the room did not change since
// (migration 0044), and play again is one script: neither holds a transaction across round trips.
import { expect, it } from "vitest";
import type { Claims, Db } from "@/lib/db/types";
import { getHub } from "@/lib/realtime/hub";
import type { Signal } from "@/lib/realtime/signal";
import { roomTopic } from "@/lib/realtime/topics";
import { isAppError } from "@/lib/server/app-error";
import { endGameByHost } from "@/lib/server/games/end-by-host";
import { getGame } from "@/lib/server/games/reads";
import { startGame } from "@/lib/server/games/start-game";
import { setAppearance, setReady } from "@/lib/server/rooms/member-state";
import { resetRoom } from "@/lib/server/rooms/room-admin";
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

  /** A room of `n` people, all ready: the host first. */
  async function readyRoom(n: number): Promise<{ code: string; people: Claims[]; id: string }> {
    const people = Array.from({ length: n }, (_, i) => person(`P${i + 1}`));
    const code = await createRoom(db(), people[0], {});
    for (const p of people.slice(1)) await joinRoom(db(), p, code, {});
    for (const p of people) await setReady(db(), p, code, true);
    return { code, people, id: (await roomOf(db(), code)).id };
  }

  const gamesOf = async (roomId: string) => (await db().exec(`select id from games where room_id = '${roomId}'`))[0].length;

  it("S-START-1: a start is a read and one script, no transaction: the game and the room's change together; the game's read after it is one script", async () => {
    const { code, id, people } = await readyRoom(8);
    const host = people[0];
    const before = await roomOf(db(), code);
    const spy = spied(db(), "", 0);
    const gameId = await startGame(spy.db, host, code);
    expect(spy.txs).toBe(0);
    expect(spy.scripts).toHaveLength(2);
    expect(spy.scripts[1]).toMatch(/^select app\.lock_room_for\(.*\n?select app\.expect_room_version\(/s);
    const [room] = (await db().exec(`select status, game_id, version from rooms where id = '${id}'`))[0];
    expect(room).toEqual({ status: "playing", game_id: gameId, version: before.version + 1 });
    expect(await gamesOf(id)).toBe(1);
    // The game read that follows (the host's, at the start) is one script too, under RLS.
    const read = spied(db(), "", 0);
    const game = await getGame(read.db, host, gameId);
    expect([read.scripts.length, read.txs]).toEqual([1, 0]);
    expect(game.game).toMatchObject({ id: gameId, roomId: id, ended: false, roomCode: code });
    expect(game.players.map((p) => p.seat)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(game.players.map((p) => p.userId))).toEqual(new Set(people.map((p) => p.sub)));
    expect(await refusal(getGame(db(), person("Stranger"), gameId))).toEqual({ status: 404, code: "GAME_NOT_FOUND" });
  });

  it("S-START-2: a change between a start's read and its write (a player no longer ready) is seen: the start is judged again under the lock, refused, and writes nothing", async () => {
    const { code, people, id } = await readyRoom(8);
    const spy = spied(db(), "", 0);
    let changed = false;
    const racing: Db = {
      ...spy.db,
      exec: async (script) => {
        if (!changed && script.includes("app.expect_room_version")) {
          changed = true;
          await setReady(db(), people[3], code, false);
        }
        return spy.db.exec(script);
      },
    };
    expect(await refusal(startGame(racing, people[0], code))).toEqual({ status: 409, code: "NOT_ALL_READY" });
    expect(changed).toBe(true);
    expect(spy.txs).toBe(1);
    expect(await gamesOf(id)).toBe(0);
    expect((await db().exec(`select status from rooms where id = '${id}'`))[0][0].status).toBe("lobby");
    // Ready again, the same host starts.
    await setReady(db(), people[3], code, true);
    await startGame(db(), people[0], code);
    expect(await gamesOf(id)).toBe(1);
  });

  it("S-START-1: two starts at once start one game; the other is told the room is no longer in its lobby", async () => {
    const { code, people, id } = await readyRoom(8);
    const outcomes = await Promise.allSettled([startGame(db(), people[0], code), startGame(db(), people[0], code)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const lost = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(isAppError(lost.reason) && [lost.reason.status, lost.reason.code]).toEqual([409, "ROOM_NOT_IN_LOBBY"]);
    expect(await gamesOf(id)).toBe(1);
  });

  it("W-ROOM-4: play again is one script, no transaction; refused before the end (GAME_NOT_ENDED) and to anyone but the host (NOT_HOST), writing nothing", async () => {
    const { code, players } = await startEightPlayerGame(db());
    const running = await roomOf(db(), code);
    expect(await refusal(resetRoom(db(), players[0], code))).toEqual({ status: 409, code: "GAME_NOT_ENDED" });
    await endGameByHost(db(), players[0], code);
    const ended = await roomOf(db(), code);
    expect(ended.version).toBeGreaterThan(running.version);
    expect(await refusal(resetRoom(db(), players[1], code))).toEqual({ status: 403, code: "NOT_HOST" });
    expect(await roomOf(db(), code)).toEqual(ended);
    const spy = spied(db(), "", 0);
    await resetRoom(spy.db, players[0], code);
    expect(spy.scripts).toHaveLength(1);
    expect(spy.txs).toBe(0);
    const [room] = (await db().exec(`select status, game_id, version from rooms where code = '${code}'`))[0];
    expect(room).toEqual({ status: "lobby", game_id: null, version: ended.version + 1 });
    expect((await membersOf(db(), ended.id)).every((m) => m.ready === false)).toBe(true);
    expect(await refusal(resetRoom(db(), players[0], code))).toEqual({ status: 409, code: "GAME_NOT_ENDED" });
  });
});
