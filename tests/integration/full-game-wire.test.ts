// Issue 2's "done when": a complete 8-player standard game on the real production server (next
// start, embedded PGlite, in-process scheduler), played by scripted players over HTTP and their
// own SSE streams, phases time-scaled, to a win. Every byte each player received is recorded and
// audited afterwards against the database's ground truth, read as the owner once the server has
// stopped: nobody ever received a secret they could not know at that moment, and realtime delivered
// each player exactly the events of each step they may read (issue 23), a villager's connection
// carrying nothing but what the public events call for.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPostgres } from "@/lib/db/testing";
import { startServer, type RunningServer } from "../support/server";
import { readPgliteTruth, readTruth, type GroundTruth } from "./support/referee";
import { connect, createDirector, signIn, stop, type ScriptedPlayer } from "./support/scripted-game";
import { auditPlayer, transactions, type AuditResult, type Tx } from "./support/wire-audit";
import { frameRecords } from "./support/delivery-audit";
import type { HttpRecord, SseRecord, WireRecord } from "./support/wire-client";

const TIME_SCALE = "0.2";
const NAMES = ["Ana", "Bảo", "Chen", "Dũng", "Emil", "Phương", "Giang", "Hà"];
const GAME_TIMEOUT_MS = 120_000;

type Driver = "pglite" | "postgres";
// The real Postgres run needs CI's server (TEST_DATABASE_URL); PGlite runs everywhere.
const DRIVERS: Driver[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

const http = (p: ScriptedPlayer) => p.client.records.filter((r): r is HttpRecord => r.kind === "http");
const bodies = (records: WireRecord[]) => records.map((r) => (r.kind === "http" ? r.body : r.chunk)).join("\n");
const mark = (what: string) => process.env.DEBUG_WIRE && console.log(`${new Date().toISOString()} ${what}`);

async function waitAll(what: string, promises: Promise<void>[], ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
  });
  try {
    await Promise.race([Promise.all(promises), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function suite(driver: Driver) {
  let server: RunningServer | undefined;
  let pg: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  const players: ScriptedPlayer[] = [];
  /** Issue 22 item 8: someone with the link who watches from night 1 on, audited like a villager. */
  let spectator: ScriptedPlayer;
  let spectatorSince = 0;
  let spectatorFinal: { me: number; roles: Record<string, string> };
  let truth: GroundTruth;
  let audits: Map<string, AuditResult>;
  let plan: string[] = [];
  let gameId = "";
  /** Each player's final reads after the end (S-END-1). */
  const finals = new Map<string, { me: { role: string; roles?: { userId: string; role: string }[] }; events: { type: string }[]; view: unknown }>();

  const byRole = (role: string) => players.filter((p) => truth.roles[p.id] === role);

  async function play(): Promise<void> {
    mark("start");
    const env: Record<string, string> = { MASOI_TIME_SCALE: TIME_SCALE };
    if (driver === "postgres") {
      pg = await freshPostgres();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${pg.database}`;
      // Already migrated by freshPostgres; the in-process scheduler is opt-in with a DATABASE_URL.
      Object.assign(env, { DATABASE_URL: url.toString(), MASOI_MIGRATE: "0", MASOI_SCHEDULER: "1" });
    }
    server = await startServer({ env });
    for (const name of NAMES) players.push(await signIn(server.url, name));
    spectator = await signIn(server.url, "Khách-xem");
    mark("server up, signed in");
    const director = createDirector(players);
    plan = director.plan;
    const [host, ...guests] = players;

    const created = await host.client.request("POST", "/api/rooms", {});
    expect(created.status).toBe(201);
    const { id: roomId, code } = created.json.room;
    for (const p of players) Object.assign(p, { roomId, code });
    connect(host, director);
    await host.hello;
    for (const p of guests) {
      const joined = await p.client.request("POST", `/api/rooms/${code}/join`, {});
      expect(joined.status).toBe(200);
      connect(p, director);
      await p.hello;
    }
    for (const p of players) expect((await p.client.request("POST", `/api/rooms/${code}/ready`, { ready: true })).status).toBe(200);
    const started = await host.client.request("POST", `/api/rooms/${code}/start`);
    expect(started.status).toBe(201);
    gameId = started.json.gameId;
    // A real client also loads the room page: its HTML is audited like every other byte.
    mark("started");
    for (const page of await Promise.all(players.map((p) => p.client.request("GET", `/r/${code}`)))) expect(page.status).toBe(200);
    mark("pages loaded");
    // The spectator opens the link mid-game: the preview says a game runs, then it joins to watch.
    Object.assign(spectator, { roomId, code });
    expect((await spectator.client.request("GET", `/api/rooms/${code}`)).json.room).toMatchObject({ gameRunning: true, watchable: true });
    expect((await spectator.client.request("POST", `/api/rooms/${code}/join`, { watch: true })).status).toBe(200);
    spectatorSince = Date.now();
    connect(spectator, createDirector([spectator]));
    await spectator.hello;

    await waitAll("the end of the game", [...players, spectator].map((p) => p.ended), GAME_TIMEOUT_MS);
    mark("ended");
    for (const p of players) {
      const me = await p.client.request("GET", `/api/games/${gameId}/me`);
      const rest = await p.client.request("GET", `/api/games/${gameId}/events`);
      const view = await p.client.request("GET", `/api/games/${gameId}/view`);
      finals.set(p.id, { me: me.json, events: rest.json.events, view: view.json.view });
    }
    const refused = await spectator.client.request("GET", `/api/games/${gameId}/me`);
    const spectatorView = await spectator.client.request("GET", `/api/games/${gameId}/view`);
    spectatorFinal = { me: refused.status, roles: spectatorView.json.view.roles };
    // Let the end-of-game signals reach every stream before closing them.
    await new Promise((r) => setTimeout(r, 1000));
    await Promise.all([...players, spectator].map(stop));
    for (const p of [...players, spectator]) p.client.close();
    await server.stop();
    mark("stopped");
    truth = pg ? await readTruth(pg, gameId) : await readPgliteTruth(server.dataDir, gameId);
    mark("truth read");
    if (process.env.DEBUG_WIRE) {
      const t0 = truth.events[0].at;
      console.log(truth.events.map((e) => `${Math.round(e.at - t0)} ${e.audience} ${e.type} ${JSON.stringify(e.payload).slice(0, 160)}`).join("\n"));
      console.log(players.map((p) => `${p.name} ${truth.roles[p.id]} refused=${p.refused.join(";")} records=${p.client.records.length}`).join("\n"));
    }
    audits = new Map(players.map((p) => [p.id, auditPlayer(p.id, p.client.records, truth)]));
    audits.set(spectator.id, auditPlayer(spectator.id, spectator.client.records, truth, { subscribedAt: spectatorSince }));
  }

  describe(`a full 8-player standard game over HTTP + SSE on the production server (${driver})`, () => {
    beforeAll(async () => {
      try {
        await play();
      } catch (e) {
        const log = server?.log().slice(-4000) ?? "";
        const state = players.map((p) => `${p.name}: ${p.view?.phase}/${p.view?.day} errors=${p.errors.join(";")} refused=${p.refused.join(";")}`);
        throw new Error(`${String(e)}\n${state.join("\n")}\n--- server log ---\n${log}`);
      }
    }, 300_000);

    afterAll(async () => {
      for (const p of players) p.client.close();
      spectator?.client.close();
      await server?.stop();
      await pg?.close();
      if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    });

    it("plays to the end with no player errors; every refusal was a race with a deadline", () => {
      expect(truth.ended).toBe(true);
      for (const p of players) {
        expect(p.errors, p.name).toEqual([]);
        // The only acceptable refusal: the phase ended while the request was in flight.
        for (const r of p.refused) expect(r, p.name).toMatch(/→ 409 WRONG_PHASE$/);
        expect(p.client.streamCount(), `${p.name} reconnected`).toBe(1);
      }
      expect(truth.config.timeScale).toBe(Number(TIME_SCALE));
    });

    it("S-START-2: 2 wolves, seer, guard, witch, hunter, 2 villagers; each player is told exactly their own role", () => {
      const counts: Record<string, number> = {};
      for (const r of Object.values(truth.roles)) counts[r] = (counts[r] ?? 0) + 1;
      expect(counts).toEqual({ wolf: 2, seer: 1, guard: 1, witch: 1, hunter: 1, villager: 2 });
      for (const p of players) {
        const first = http(p).find((r) => r.path === `/api/games/${gameId}/me`)!;
        expect(JSON.parse(first.body), p.name).toEqual({ role: truth.roles[p.id], teams: [truth.roles[p.id] === "wolf" ? "wolves" : "village"] });
        const roleEvents = p.events.filter((e) => e.type === "role" && e.at < truth.endedAt && e.audience.kind === "player" && e.audience.player === p.id);
        expect(roleEvents.map((e) => e.role)).toEqual([truth.roles[p.id]]);
      }
    });

    it("S-START-3: the wolves — and only they — learn who the wolves are", () => {
      const wolves = byRole("wolf").map((p) => p.id);
      for (const p of players) {
        // Before the end (afterwards every event is readable by everyone, S-END-1).
        const told = p.events.filter((e) => e.type === "wolves" && !(e.audience.kind === "player" && e.audience.player !== p.id));
        // The pack is listed in seat order, which the server draws at start (not join order).
        expect(told.map((e) => [...(e.wolves as string[])].sort()), p.name).toEqual(truth.roles[p.id] === "wolf" ? [[...wolves].sort()] : []);
      }
    });

    it("P-2, S-START-2, S-START-3, S-WOLF-2, S-SEER-1, S-WITCH-2, S-CHAT-3, S-VOTE-4, S-DEATH-1: no player ever received a secret they could not know at that moment", () => {
      for (const p of players) expect(audits.get(p.id)!.problems, `${p.name} (${truth.roles[p.id]})`).toEqual([]);
    });

    it("issue 22 #8: a spectator who joined mid-game got only public facts and public signals until the end, every role after, and never a seat", () => {
      const audit = audits.get(spectator.id)!;
      expect(audit.problems).toEqual([]);
      expect(audit.preEnd.length).toBeGreaterThan(5);
      expect(spectator.errors).toEqual([]);
      expect(spectator.refused).toEqual([]);
      expect(spectator.client.streamCount()).toBe(1);
      // It did watch: public steps were delivered to it, deaths and the day chat among them; before
      // the end only on the room topic.
      expect(audit.deliveries.length).toBeGreaterThan(3);
      const endStep = transactions(truth.events).findIndex((t) => t.events.some((e) => e.type === "game_end"));
      audit.deliveries.forEach((d, i) => expect(d.topic === `room:${truth.roomId}` || (d.topic === `user:${spectator.id}` && audit.txOf[i] === endStep)).toBe(true));
      expect(audit.signals.every((x) => x.topic === `room:${truth.roomId}` || x.topic === `user:${spectator.id}`)).toBe(true);
      expect(spectator.events.some((e) => e.type === "death")).toBe(true);
      expect(spectator.events.some((e) => e.type === "chat" && (e as { channel?: string }).channel === "day")).toBe(true);
      expect(truth.players).not.toContain(spectator.id);
      expect(spectatorFinal.me).toBe(403);
      expect(spectatorFinal.roles).toEqual(truth.roles);
    });

    it("P-2: the audit ran over real traffic — each secret did reach its rightful owner, as the audit would see a leak", () => {
      const has = (p: ScriptedPlayer, re: RegExp) => re.test(bodies(p.client.records));
      const [seer] = byRole("seer");
      const [witch] = byRole("witch");
      const [guard] = byRole("guard");
      const [w1, w2] = byRole("wolf");
      expect(has(seer, /"type":"seer_result"/)).toBe(true);
      expect(has(witch, /"type":"witch_target"/) && has(witch, /"type":"potion"/)).toBe(true);
      expect(has(guard, /"type":"protected"/)).toBe(true);
      expect(has(w2, /"type":"pick"/)).toBe(true);
      const w1Says = w1.said.filter((s) => s.channel === "wolves");
      expect(w1Says.length).toBeGreaterThan(0);
      for (const s of w1Says) expect(bodies(w2.client.records)).toContain(s.text);
      // Each player's own secrets were checked as "pre-end" records, not skipped as post-end.
      for (const p of players) expect(audits.get(p.id)!.preEnd.length, p.name).toBeGreaterThan(10);
    });

    it("P-2: the audit fails on a leaked record, a foreign or fat signal, a missing, extra, hidden, misplaced or resized delivery", () => {
      const [seer] = byRole("seer");
      const victim = players.find((p) => truth.roles[p.id] === "villager")!;
      const mid = truth.events[Math.floor(truth.events.length / 2)].at;
      const seerRecord = http(seer).find((r) => /"type":"seer_result"/.test(r.body) && r.receivedAt < truth.endedAt)!;
      const leak = { ...seerRecord, sentAt: mid, receivedAt: mid };
      const problems = (p: ScriptedPlayer, records: WireRecord[]) => auditPlayer(p.id, records, truth).problems.join("\n");
      expect(problems(victim, [...victim.client.records, leak])).toMatch(/seer_result/);

      const wolfChat = truth.events.find((e) => e.audience === "team:wolves" && e.type === "chat")!;
      const chatLeak: HttpRecord = { ...leak, body: JSON.stringify({ messages: [{ ...wolfChat.payload, audience: { kind: "public" } }] }) };
      expect(problems(victim, [...victim.client.records, chatLeak])).toMatch(/wolf chat/);
      const roleLeak: HttpRecord = { ...leak, body: JSON.stringify({ view: { roles: { [seer.id]: "seer" } } }) };
      expect(problems(victim, [...victim.client.records, roleLeak])).toMatch(/role of/);

      const signal = (data: string): SseRecord => ({ kind: "sse", stream: 99, receivedAt: mid, chunk: `event: signal\ndata: ${data}\n\n` });
      expect(problems(victim, [...victim.client.records, signal(`{"topic":"room:${truth.roomId}:team:wolves","kind":"room"}`)])).toMatch(/foreign topic/);
      expect(problems(victim, [...victim.client.records, signal(`{"topic":"room:${truth.roomId}","kind":"room","n":3}`)])).toMatch(/more than \{ topic, kind \}/);

      // Deliveries, one frame per record, edited.
      const edited = (p: ScriptedPlayer, edit: (frames: SseRecord[]) => SseRecord[]) => {
        const all = frameRecords(p.client.records);
        return [...all.filter((r) => r.kind === "http"), ...edit(all.filter((r): r is SseRecord => r.kind === "sse"))];
      };
      const isEvents = (f: SseRecord) => f.chunk.startsWith("event: events");
      const onTopic = (topic: string) => (f: SseRecord) => isEvents(f) && f.chunk.includes(`"topic":"${topic}"`);
      const roomFrame = (frames: SseRecord[]) => frames.findIndex(onTopic(`room:${truth.roomId}`));
      // Unedited, the per-frame records audit clean.
      expect(problems(victim, edited(victim, (f) => f))).toBe("");
      // A step's room message lost, or sent twice.
      expect(problems(victim, edited(victim, (f) => f.filter((_, i) => i !== roomFrame(f))))).toMatch(/never arrived[^]*received after/);
      expect(problems(victim, edited(victim, (f) => [...f.slice(0, roomFrame(f) + 1), ...f.slice(roomFrame(f))]))).toMatch(/a second room message/);
      // The pack's chat delivered to a villager: not readable, and its text is caught.
      const [wolf] = byRole("wolf");
      const packFrame = frameRecords(wolf.client.records).find((r): r is SseRecord => r.kind === "sse" && onTopic(`user:${wolf.id}`)(r) && r.chunk.includes(wolfChat.payload.text as string))!;
      const forVictim = { ...packFrame, chunk: packFrame.chunk.replace(`user:${wolf.id}`, `user:${victim.id}`) };
      expect(problems(victim, [...victim.client.records, forVictim])).toMatch(/not readable by[^]*hidden chat/);
      // A user message misplaced among its step's public events.
      const withAt = (f: SseRecord) => onTopic(`user:${victim.id}`)(f) && /"at":\d+/.test(f.chunk);
      const misplaced = edited(victim, (frames) => frames.map((f) => (withAt(f) ? { ...f, chunk: f.chunk.replace(/"at":(\d+)/, (_, n) => `"at":${Number(n) + 1}`) } : f)));
      expect(problems(victim, misplaced)).toMatch(/differs from its readable events/);
      // Issue 23: one byte more on a villager's room frame.
      const resized = edited(victim, (frames) => frames.map((f, i) => (i === roomFrame(frames) ? { ...f, chunk: f.chunk.replace('"events":[', '"events": [') } : f)));
      expect(problems(victim, resized)).toMatch(/issue 23: frame sizes/);
      // A field a delivery does not have.
      const fat = edited(victim, (frames) => frames.map((f, i) => (i === roomFrame(frames) ? { ...f, chunk: f.chunk.replace('"events":[', '"n":3,"events":[') } : f)));
      expect(problems(victim, fat)).toMatch(/events frame carries n/);
    });

    it("P-2, P-3, S-WOLF-2, issue 23: a non-wolf's deliveries — count, order, size and timing — follow only the public events and their own", () => {
      const txs = transactions(truth.events);
      const endStep = txs.findIndex((t) => t.events.some((e) => e.type === "game_end"));
      const isPublic = (t: Tx) => t.events.some((e) => e.audience === "public");
      // The wolves (and seer, guard, witch) did act in secret several times: had any of it reached anyone else, it would show.
      expect(txs.filter((t) => t.events.every((e) => e.audience === "team:wolves")).length).toBeGreaterThanOrEqual(3);
      expect(txs.filter((t, i) => i < endStep && !isPublic(t) && !t.events.some((e) => e.audience === "team:wolves")).length).toBeGreaterThanOrEqual(3);
      const publicSteps = txs.map((t, i) => (isPublic(t) ? i : -1)).filter((i) => i >= 0);
      for (const p of players.filter((q) => truth.roles[q.id] !== "wolf")) {
        const a = audits.get(p.id)!;
        const on = (topic: string) => a.txOf.filter((_, i) => a.deliveries[i].topic === topic);
        expect(on(`room:${truth.roomId}`), p.name).toEqual(publicSteps);
        // Its user topic: steps with an event for it by name, and the end.
        for (const i of on(`user:${p.id}`)) expect(i === endStep || txs[i].events.some((e) => e.audience === `player:${p.id}`), p.name).toBe(true);
        expect(a.deliveries.length, p.name).toBe(a.txOf.length);
        if (truth.roles[p.id] !== "villager") continue;
        // A villager: no frame for a step without a public event, and every frame as the public events make it.
        expect(a.txOf.every((i) => i === endStep || isPublic(txs[i])), p.name).toBe(true);
        expect(a.problems.filter((x) => x.startsWith("issue 23")), p.name).toEqual([]);
      }
    });

    it("S-CHAT-3, design §4: the wolf voted out on day 1 is delivered the pack's steps until it dies and never after, and nothing comes on a team topic", () => {
      const deadWolf = byRole("wolf").find((p) => !truth.alive[p.id] && truth.events.some((e) => e.type === "death" && e.day === 1 && (e.payload.players as string[]).includes(p.id) && e.payload.when === "vote"));
      expect(deadWolf, `plan: ${plan.join("; ")}`).toBeDefined();
      const death = truth.events.find((e) => e.type === "death" && (e.payload.players as string[]).includes(deadWolf!.id))!;
      const later = truth.events.filter((e) => e.audience === "team:wolves" && e.id > death.id);
      expect(later.length).toBeGreaterThan(0); // the surviving wolf did act and chat afterwards
      const txs = transactions(truth.events);
      const endStep = txs.findIndex((t) => t.events.some((e) => e.type === "game_end"));
      const own = (t: Tx) => t.events.some((e) => e.audience === `player:${deadWolf!.id}`);
      const pack = (t: Tx) => t.events.some((e) => e.audience === "team:wolves");
      const beforeDeath = (t: Tx) => t.events.every((e) => e.id < death.id);
      const ending = (t: Tx, i: number) => i === endStep && t.events.some((e) => e.audience !== "public");
      const delivered = txs.filter((t, i) => own(t) || (pack(t) && beforeDeath(t)) || ending(t, i));
      const audit = audits.get(deadWolf!.id)!;
      const userDeliveries = audit.deliveries.filter((d) => d.topic === `user:${deadWolf!.id}`);
      expect(txs.filter((t) => pack(t) && beforeDeath(t)).length).toBeGreaterThan(0);
      expect(userDeliveries.length).toBe(delivered.length);
      // Had the pack's later steps reached the dead wolf, there would be this many more.
      expect(txs.filter((t, i) => pack(t) && !beforeDeath(t) && !own(t) && !ending(t, i)).length).toBeGreaterThan(0);
      for (const p of players) expect(audits.get(p.id)!.deliveries.filter((d) => d.topic.includes(":team:")), p.name).toEqual([]);
      for (const p of players) expect(audits.get(p.id)!.signals.filter((s) => s.topic.includes(":team:")), p.name).toEqual([]);
      const observed = audit.deathObservedAt!;
      expect(observed).not.toBeNull();
      const afterDeath = http(deadWolf!).filter((r) => r.sentAt >= observed && r.receivedAt < truth.endedAt);
      for (const e of later.filter((x) => x.type === "chat")) expect(bodies(afterDeath)).not.toContain(String(e.payload.text));
    });

    it("S-VOTE-4: votes stay hidden until the vote closes, then the full tally is public", () => {
      const results = truth.events.filter((e) => e.type === "vote_result");
      expect(results.length).toBeGreaterThan(0);
      for (const res of results) {
        const acks = truth.events.filter((e) => e.type === "vote_ack" && e.day === res.day);
        // Event ids follow commit order within a game (every write holds its row lock); `at` is a
        // transaction's *start* time, and a closing pass may start before a vote that commits first.
        expect(acks.every((a) => a.audience.startsWith("player:") && a.id < res.id)).toBe(true);
        expect(Object.keys(res.payload.votes as object).sort()).toEqual(acks.map((a) => a.audience.slice(7)).sort());
      }
    });

    it("S-DEATH-1: deaths are announced by name only; no dead player's role reached anyone before the end", () => {
      const deaths = truth.events.filter((e) => e.type === "death");
      expect(deaths.length).toBeGreaterThanOrEqual(3);
      for (const d of deaths) {
        expect(d.audience).toBe("public");
        expect(Object.keys(d.payload).sort()).toEqual(["at", "audience", "day", "players", "type", "when"]);
      }
      // Role secrecy for the dead is part of every player's audit (view.roles, role/teams fields).
      for (const p of players) expect(audits.get(p.id)!.problems.filter((x) => /role/.test(x)), p.name).toEqual([]);
    });

    it("S-WIN-1: the Village wins once no wolf is alive, after the pending Hunter shot", () => {
      expect(truth.winner).toBe("village");
      const living = Object.entries(truth.alive).filter(([, a]) => a).map(([p]) => p);
      expect(living.length).toBeGreaterThan(0);
      expect(living.some((p) => truth.roles[p] === "wolf")).toBe(false);
      const end = truth.events.find((e) => e.type === "game_end")!;
      expect((end.payload.winners as string[]).sort()).toEqual(truth.players.filter((p) => truth.roles[p] !== "wolf").sort());
      // The dying Hunter's shot came before the win check (S-HUNTER-2 order, S-WIN-1).
      const types = truth.events.map((e) => e.type);
      if (types.includes("your_shot")) expect(types.lastIndexOf("your_shot")).toBeLessThan(types.indexOf("game_end"));
    });

    it("S-END-1: after the end every player reads every role and the full timeline", () => {
      for (const p of players) {
        const f = finals.get(p.id)!;
        expect(f.me.role).toBe(truth.roles[p.id]);
        expect(Object.fromEntries(f.me.roles!.map((r) => [r.userId, r.role]))).toEqual(truth.roles);
        const everything = [...p.events, ...f.events];
        expect(everything.some((e) => e.type === "night"), p.name).toBe(true);
        expect(everything.some((e) => e.type === "game_end"), p.name).toBe(true);
        expect(p.view!.ended).toBe(true);
        // The view the player's feed holds is the server's (lib/realtime/game-feed.ts over the wire).
        expect(p.view, p.name).toEqual(f.view);
      }
    });

    it("S-FLOW-5: the server advances timed phases at their deadlines with no client asking", () => {
      for (const p of players) expect(http(p).some((r) => r.path.endsWith("/tick")), p.name).toBe(false);
      const phases = truth.events.filter((e) => e.type === "phase");
      let timed = 0;
      phases.forEach((e, i) => {
        const next = phases[i + 1] ?? truth.events.find((x) => x.type === "game_end");
        if (!next) return;
        expect(typeof e.payload.deadline).toBe("number");
        // P-3: night steps never end early; they end when the server's clock passes the deadline.
        if (String(e.payload.phase).startsWith("night.")) {
          timed++;
          expect(next.at + 20).toBeGreaterThanOrEqual(e.payload.deadline as number);
        }
      });
      expect(timed).toBeGreaterThanOrEqual(4);
    });
  });
}

for (const driver of DRIVERS) suite(driver);
