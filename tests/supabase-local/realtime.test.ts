// The local Realtime server through unmodified supabase-js clients (and the app's own
// subscribeSupabase): private joins decided by the realtime.messages policy as the joining user,
// broadcasts from the database, heartbeats, access-token updates, reconnects.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { toClaims } from "@/lib/auth/claims";
import type { Claims } from "@/lib/db/types";
import type { RealtimeStatus, Signal } from "@/lib/realtime/client";
import { subscribeSupabase } from "@/lib/realtime/supabase-client";
import { roomTopic, userTopic } from "@/lib/realtime/topics";
import { createRoom, joinRoom, leaveRoom } from "@/lib/server/rooms/membership";
import { signalsStatement } from "@/lib/server/signal";
import type { Frame } from "./phoenix-frames";
import { localProject, type LocalProject } from "./project";

type Status = "SUBSCRIBED" | "CHANNEL_ERROR" | "TIMED_OUT" | "CLOSED";
interface Joined {
  channel: RealtimeChannel;
  statuses: Status[];
  errors: string[];
  messages: { event: string; payload: Record<string, unknown>; meta?: unknown }[];
  system: { status: string; message: string }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("until: timed out");
    await sleep(20);
  }
}

/** Joins `topic` and waits for the first answer (SUBSCRIBED or an error). */
async function join(client: SupabaseClient, topic: string, isPrivate = true): Promise<Joined> {
  const j: Joined = { channel: null as never, statuses: [], errors: [], messages: [], system: [] };
  j.channel = client
    .channel(topic, { config: { private: isPrivate } })
    .on("broadcast", { event: "*" }, (m) => j.messages.push(m as unknown as Joined["messages"][number]))
    .on("system", {}, (m: { status: string; message: string }) => j.system.push(m))
    .subscribe((status, err) => {
      j.statuses.push(status as Status);
      if (err) j.errors.push(err.message);
    });
  await until(() => j.statuses.length > 0);
  return j;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("local Supabase Realtime [postgres]", () => {
  const frames: Frame[] = [];
  let p: LocalProject;
  let lan: SupabaseClient;
  let minh: SupabaseClient;
  let outsider: SupabaseClient;
  let lanClaims: Claims;
  let minhClaims: Claims;
  let roomId: string;
  let code: string;

  async function signIn(client: SupabaseClient, name: string): Promise<Claims> {
    await client.auth.signInAnonymously({ options: { data: { display_name: name } } });
    return toClaims((await client.auth.getClaims()).data!.claims as Record<string, unknown>)!;
  }
  const send = (topic: string, kind: "room" | "events" | "chat") => p.db.exec(signalsStatement([[topic, kind]]));

  beforeAll(async () => {
    p = await localProject({ onClientFrame: (f) => frames.push(f) });
    lan = p.client();
    minh = p.client();
    outsider = p.client();
    lanClaims = await signIn(lan, "Lan");
    minhClaims = await signIn(minh, "Minh");
    await signIn(outsider, "Khach");
    code = await createRoom(p.db, lanClaims, {});
    await joinRoom(p.db, minhClaims, code, {});
    [{ id: roomId }] = await p.db.sql<{ id: string }[]>`select id::text from rooms where code = ${code}`;
  });
  afterAll(async () => {
    await p?.close();
  });

  it("a member joins the room's private channel and their own user channel", async () => {
    const room = await join(lan, roomTopic(roomId));
    const own = await join(lan, userTopic(lanClaims.sub));
    expect(room.statuses).toEqual(["SUBSCRIBED"]);
    expect(own.statuses).toEqual(["SUBSCRIBED"]);
    // The join carried the private flag and the user's access token (realtime-js, unmodified).
    const joinFrame = frames.find((f) => f.event === "phx_join" && f.topic === `realtime:${roomTopic(roomId)}`)!;
    expect(joinFrame.payload).toMatchObject({ config: { private: true }, access_token: (await lan.auth.getSession()).data.session!.access_token });
    await lan.removeAllChannels();
  });

  it("P-2: joins the policy refuses are refused — a non-member, another's user topic, a team topic, a stale epoch, no session", async () => {
    const refused = [
      await join(outsider, roomTopic(roomId)),
      await join(minh, userTopic(lanClaims.sub)),
      await join(lan, `${roomTopic(roomId)}:team:wolves`),
      await join(lan, roomTopic(roomId, 1)),
      await join(p.client(), roomTopic(roomId)),
    ];
    for (const j of refused) expect(j.statuses).toEqual(["CHANNEL_ERROR"]);
    expect(refused[0].errors[0]).toBe(`Unauthorized: You do not have permissions to read from this Channel topic: ${roomTopic(roomId)}`);
    for (const c of [outsider, minh, lan]) await c.removeAllChannels();
  });

  it("delivers what the database sends to authorized private subscribers only, as the app's client reads it", async () => {
    const signals: Signal[] = [];
    const statuses: RealtimeStatus[] = [];
    const stop = subscribeSupabase(roomId, (s) => signals.push(s), (s) => statuses.push(s), minh);
    await until(() => statuses.includes("open"));
    // Anyone may join a public channel of the same name; a private send never reaches it.
    const publicTwin = await join(outsider, roomTopic(roomId), false);
    expect(publicTwin.statuses).toEqual(["SUBSCRIBED"]);
    const own = await join(lan, userTopic(lanClaims.sub));

    await send(roomTopic(roomId), "events");
    await send(userTopic(minhClaims.sub), "chat");
    await until(() => signals.length === 2);
    expect(signals).toEqual([
      { topic: roomTopic(roomId), kind: "events" },
      { topic: userTopic(minhClaims.sub), kind: "chat" },
    ]);
    // A rolled-back write sends nothing; the committed one after it arrives.
    await expect(
      p.db.tx(async (tx) => {
        await tx.exec(signalsStatement([[roomTopic(roomId), "chat"]]));
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    await p.db.tx((tx) => tx.exec(signalsStatement([[roomTopic(roomId), "room"]])));
    await until(() => signals.length === 3);
    await sleep(300);
    expect(signals.map((s) => s.kind)).toEqual(["events", "chat", "room"]);
    expect(publicTwin.messages).toEqual([]);
    expect(own.messages).toEqual([]);
    stop();
    await Promise.all([outsider.removeAllChannels(), lan.removeAllChannels()]);
  });

  it("a broadcast arrives as Supabase sends it: the event, the payload with its message id, the id as metadata", async () => {
    const room = await join(lan, roomTopic(roomId));
    await send(roomTopic(roomId), "events");
    await until(() => room.messages.length === 1);
    const [m] = room.messages;
    expect(m).toMatchObject({ event: "events", payload: { kind: "events" } });
    expect(m.payload.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(m.meta).toEqual({ id: m.payload.id });
    await lan.removeAllChannels();
  });

  it("relays a delivery (event `events`, migration 0036) as the app's client reads it, one over NOTIFY's size too, in commit order", async () => {
    const signals: Signal[] = [];
    const statuses: RealtimeStatus[] = [];
    const stop = subscribeSupabase(roomId, (s) => signals.push(s), (s) => statuses.push(s), minh);
    await until(() => statuses.includes("open"));
    const outsiderOwn = await join(outsider, roomTopic(roomId), false);
    const line = (s: number, text: string) => ({ a: "public", s, e: { type: "chat", audience: { kind: "public" }, at: 0, day: 1, text } });
    const small = { game: "g", step: "s1", events: [line(1, "hi")] };
    const large = { game: "g", step: "s2", events: [line(2, "é".repeat(3_000)), line(3, "ô".repeat(3_000))] };
    const mine = { game: "g", step: "s2", public: 2, events: [{ ...line(1, "psst"), a: `player:${minhClaims.sub}`, at: 1 }] };
    expect(Buffer.byteLength(JSON.stringify(large))).toBeGreaterThan(7_900);
    try {
      // One step's room and user messages and a signal, in one transaction: they arrive in that order.
      await p.db.sql`select realtime.send(${p.db.sql.json(small)}, 'events', ${roomTopic(roomId)}, true)`;
      await p.db.tx(async (tx) => {
        await tx.query("select realtime.send($1::jsonb, 'events', $2, true)", [large, roomTopic(roomId)]);
        await tx.query("select realtime.send($1::jsonb, 'events', $2, true)", [mine, userTopic(minhClaims.sub)]);
        await tx.exec(signalsStatement([[roomTopic(roomId), "room"]]));
      });
      await until(() => signals.length === 4);
      expect(signals).toEqual([
        { topic: roomTopic(roomId), kind: "events", delivery: small },
        { topic: roomTopic(roomId), kind: "events", delivery: large },
        { topic: userTopic(minhClaims.sub), kind: "events", delivery: mine },
        { topic: roomTopic(roomId), kind: "room" },
      ]);
      expect(outsiderOwn.messages).toEqual([]); // the public twin of the room topic hears none of it
    } finally {
      stop();
      await outsider.removeAllChannels();
    }
  });

  it("a client's broadcast on a private channel is dropped: no policy lets players write realtime.messages", async () => {
    const sender = await join(lan, roomTopic(roomId));
    const receiver = await join(minh, roomTopic(roomId));
    expect(await sender.channel.send({ type: "broadcast", event: "events", payload: { kind: "events" } })).toBe("ok");
    await send(roomTopic(roomId), "chat"); // sent after it, so it arriving alone proves the other was dropped
    await until(() => receiver.messages.length > 0);
    await sleep(200);
    expect(receiver.messages.map((m) => m.event)).toEqual(["chat"]);
    await Promise.all([lan.removeAllChannels(), minh.removeAllChannels()]);
  });

  it("answers heartbeats", async () => {
    const beats: string[] = [];
    lan.realtime.onHeartbeat((status) => beats.push(status));
    await join(lan, userTopic(lanClaims.sub));
    await lan.realtime.sendHeartbeat();
    await until(() => beats.includes("ok"));
    expect(frames.some((f) => f.topic === "phoenix" && f.event === "heartbeat")).toBe(true);
    await lan.removeAllChannels();
  });

  it("a refreshed token is pushed on every joined channel, which stays joined and keeps receiving", async () => {
    const room = await join(lan, roomTopic(roomId));
    const own = await join(lan, userTopic(lanClaims.sub));
    await sleep(1100); // a new iat, so a new token
    const { data } = await lan.auth.refreshSession();
    const token = data.session!.access_token;
    await until(() => frames.filter((f) => f.event === "access_token" && f.payload.access_token === token).length === 2);
    expect(frames.filter((f) => f.event === "access_token" && f.payload.access_token === token).map((f) => f.topic).sort()).toEqual(
      [`realtime:${roomTopic(roomId)}`, `realtime:${userTopic(lanClaims.sub)}`].sort(),
    );
    await send(roomTopic(roomId), "room");
    await until(() => room.messages.length === 1);
    expect(room.statuses).toEqual(["SUBSCRIBED"]);
    expect(own.statuses).toEqual(["SUBSCRIBED"]);
    await lan.removeAllChannels();
  });

  it("a token update is re-authorized: a forged token closes the channel with Realtime's reason", async () => {
    const own = await join(lan, userTopic(lanClaims.sub));
    const token = (await lan.auth.getSession()).data.session!.access_token;
    const [h, b] = token.split(".");
    await lan.realtime.setAuth(`${h}.${b}.${Buffer.alloc(64, 7).toString("base64url")}`);
    await until(() => own.statuses.includes("CLOSED"));
    expect(own.system).toMatchObject([{ status: "error", message: "JwtSignatureError: Failed to validate JWT signature" }]);
    await lan.realtime.setAuth(token);
    await lan.removeAllChannels();
  });

  it("reconnects after the socket drops and joins again (the app reads on each 'open')", async () => {
    const statuses: RealtimeStatus[] = [];
    const signals: Signal[] = [];
    const stop = subscribeSupabase(roomId, (s) => signals.push(s), (s) => statuses.push(s), lan);
    await until(() => statuses.includes("open"));
    p.supabase.dropRealtimeSockets();
    await until(() => statuses.filter((s) => s === "open").length === 2, 10_000);
    expect(statuses.slice(0, 2)).toEqual(["connecting", "open"]);
    await send(roomTopic(roomId), "events");
    await until(() => signals.length === 1);
    stop();
  });

  it("W-ROOM-4: a member who leaves hears one last 'room' signal, and a token update then closes the channel", async () => {
    const room = await join(minh, roomTopic(roomId));
    await leaveRoom(p.db, minhClaims, code);
    await until(() => room.messages.length === 1);
    expect(room.messages[0]).toMatchObject({ event: "room", payload: { kind: "room" } });
    await send(roomTopic(roomId), "events"); // goes to the new epoch's topic
    await sleep(1100);
    await minh.auth.refreshSession();
    await until(() => room.statuses.includes("CLOSED"));
    expect(room.system).toMatchObject([
      { status: "error", message: `You no longer have permission to read from this Channel topic: ${roomTopic(roomId)}` },
    ]);
    expect(room.messages).toHaveLength(1);
  });
});
