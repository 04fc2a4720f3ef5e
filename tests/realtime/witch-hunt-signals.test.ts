// Catch the Witch's realtime fan-out (issue 25 item 4, issue 23): the statement that writes a step's
// events delivers them (app.deliver_events, migration 0036) — a team event to the user topic of
// each living member game_roles names, so the witches' dialog and spells reach the witches only —
// not the Crow (team "witches" only), not anyone else — and a secret step leaves the room topic
// silent. Each message here is named by its topic and the audiences of the events it carries. The
// same statements run in the edge function (Supabase) and the embedded server: both persist through
// lib/server/games/persist.ts.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Claims } from "@/lib/db/types";
import { act } from "@/lib/server/games/act";
import { advanceDue } from "@/lib/server/advance-due";
import { startGame } from "@/lib/server/games/start-game";
import { setReady } from "@/lib/server/rooms/member-state";
import { createRoom, joinRoom } from "@/lib/server/rooms/membership";
import { updateSettings } from "@/lib/server/rooms/room-admin";
import { useDb } from "@/lib/server/db";
import { forEachDb } from "../db/test-db";

forEachDb("Catch the Witch signals", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  async function signalsDuring(fn: () => Promise<unknown>) {
    const seen: string[] = [];
    const stop = await db().listen("realtime", (raw) => {
      const m = JSON.parse(raw) as { topic?: string; event?: string; payload?: { kind?: string; events?: { a: string }[] } };
      if (m.topic === undefined) return; // a membership notice
      const carried = m.payload?.events?.map((e) => e.a.replace(/^player:.*/, "player")) ?? [];
      seen.push(`${m.topic} ${m.event === "events" ? [...new Set(carried)].join("+") : m.payload?.kind}`);
    });
    await fn();
    await new Promise((r) => setTimeout(r, 150));
    await stop();
    return seen.sort();
  }

  it("WH-R22, WH-P6, WH-R41, issue 23: coven events are delivered to each witch's user topic alone; secret picks to the picker alone", async () => {
    const players: Claims[] = Array.from({ length: 8 }, (_, i) => ({ sub: crypto.randomUUID(), role: "authenticated", is_anonymous: true, user_metadata: { display_name: `Cat ${i + 1}` } }));
    const code = await createRoom(db(), players[0], {});
    for (const p of players.slice(1)) await joinRoom(db(), p, code, {});
    await updateSettings(db(), players[0], code, { mode: "witch-hunt" });
    for (const p of players) await setReady(db(), p, code, true);
    const gameId = await startGame(db(), players[0], code, Date.now());
    const [{ room_id: roomId }] = await db().tx((tx) => tx.query<{ room_id: string }>("select room_id from games where id = $1", [gameId]));
    const rows = await db().tx((tx) => tx.query<{ user_id: string; role: string }>("select user_id, role from game_roles where game_id = $1", [gameId]));
    const claimsOf = (id: string) => players.find((p) => p.sub === id)!;
    const witches = rows.filter((r) => r.role === "witch").map((r) => r.user_id);
    const crow = rows.find((r) => r.role === "crow")!.user_id;
    expect(witches).toHaveLength(2);
    let key = 0;
    const play = (who: string, action: Record<string, unknown>) => act(db(), claimsOf(who), gameId, { action: action as { type: string }, idempotencyKey: `k${++key}` });

    for (const p of players) await play(p.sub, { type: "ready" });
    // The witches' dialog while the others pick: their two user topics, nobody else's, no room signal.
    expect(await signalsDuring(() => play(witches[0], { type: "chat", channel: "coven", text: "forest?" }))).toEqual(witches.map((w) => `user:${w} team:coven`).sort());
    // A pick is the picker's secret (WH-R41): their topic only.
    const guard = rows.find((r) => r.role === "guard")!.user_id;
    const pickers = rows.map((r) => r.user_id).filter((p) => !witches.includes(p) && p !== guard && p !== crow);
    expect(await signalsDuring(() => play(pickers[0], { type: "pick", location: "forest" }))).toEqual([`user:${pickers[0]} player`]);
    // The Crow picks like a villager: its own topic only (its team "witches" hears nothing of it).
    expect(await signalsDuring(() => play(crow, { type: "pick", location: "meadow" }))).toEqual([`user:${crow} player`]);
    for (const p of pickers.slice(1)) await play(p, { type: "pick", location: "forest" });
    // The last pick opens the Guard's step (every day, whatever the Guard chose): the room hears the
    // phase, the picker his pick; no counts go to anyone (he did not guard).
    const guarding = await signalsDuring(() => play(guard, { type: "pick", location: "cave" }));
    expect(guarding).toEqual([`room:${roomId} public`, `user:${guard} player`].sort());
    // Its 20 s end opens the witches' step: the room hears the phase; the witches get their counts.
    const [{ deadline }] = await db().tx((tx) => tx.query<{ deadline: number }>("select (extract(epoch from deadline) * 1000)::float8 as deadline from games where id = $1", [gameId]));
    const opened = await signalsDuring(() => advanceDue(db(), Number(deadline), { gameId }));
    expect(opened).toEqual([`room:${roomId} public`, ...witches.map((w) => `user:${w} team:coven`)].sort());
    // A witch's location and spell: the coven's topics (and her own for what she sees there) only.
    // The acting witch's own look at the place comes with the coven's event on her topic.
    expect(await signalsDuring(() => play(witches[1], { type: "witch_location", location: "forest" }))).toEqual([`user:${witches[0]} team:coven`, `user:${witches[1]} player+team:coven`].sort());
    expect(await signalsDuring(() => play(witches[1], { type: "cast", spell: "frog_hex", target: pickers[0] }))).toEqual(witches.map((w) => `user:${w} team:coven`).sort());
  });
});
