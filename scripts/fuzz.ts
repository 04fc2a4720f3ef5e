// `npm run fuzz` — throws malformed, out-of-phase, wrong-player and oversized requests at a live
// server (docs/robustness.md). Asserts zero 5xx, zero invariant violations (secrecy, deaths are
// final, one vote per player, chat rules) and zero writes from refused requests: every batch whose
// requests were all refused must leave the API-visible state (events each player can read, the
// game, both rooms) exactly as it was. Prints the counts.
//   npm run fuzz -- [--requests 10000] [--seed N] [--url http://host:port]
// Without --url it builds (.next-test, reused while fresh) and starts its own server on a free port.
import { pathToFileURL } from "node:url";
import { ensureBuild } from "../tests/support/server";
import { startApp } from "../tests/faults/support/server";
import { encodeCursorJson } from "../lib/events-cursor";
import { randomTrapString, SQL_TRAPS } from "./sql-traps";
import { act, eventsSince, freshKey, isStaleConnection, readGame, signIn, startGame, type Game, type Player, type Reply } from "../tests/faults/support/client";

export interface FuzzOptions {
  url: string;
  requests?: number;
  seed?: number;
  batch?: number;
  concurrency?: number;
  log?: (line: string) => void;
}

export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
  byCode: Record<string, number>;
  byKind: Record<string, number>;
  serverErrors: { req: string; status: number; body: string }[];
  /** Requests sent again after their pooled connection was closed under them (isStaleConnection). */
  connectionRetries: number;
  violations: string[];
  refusedBatches: number;
  refusedBatchesChecked: number;
  refusedBatchesSkipped: number;
  mixedBatches: number;
  writesFromRefused: string[];
}

type Kind = "malformed" | "out-of-phase" | "wrong-player" | "oversized";

interface Req {
  kind: Kind;
  method: string;
  path: string;
  body?: string | Uint8Array | "chunked-oversize";
  contentType?: string | null;
  cookie?: string;
  label: string;
}

/** mulberry32: a seeded PRNG so a failing run can be replayed with its --seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof rng>;

const ACTION_TYPES = ["bite", "inspect", "protect", "save", "poison", "skip", "shoot", "chat", "ready_to_vote", "vote", "steal", "link", "peek", "pass_badge"] as const;
const RANDOM_UUID = "00000000-0000-4000-8000-000000000000";
const FORGED_JWT =
  "ms_session=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTQwMDAtODAwMC0wMDAwMDAwMDAwMDAiLCJyb2xlIjoiYXV0aGVudGljYXRlZCJ9.c2lnbmF0dXJl";
const NONE_JWT = "ms_session=eyJhbGciOiJub25lIn0.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTQwMDAtODAwMC0wMDAwMDAwMDAwMDAiLCJyb2xlIjoiYXV0aGVudGljYXRlZCJ9.";

interface World {
  game: Game;
  outsider: Player;
  otherHost: Player;
  otherCode: string;
  otherGameless: string;
  usedKeys: { p: Player; key: string; action: Record<string, unknown> }[];
}

function actionFor(r: Rng, w: World, actor: Player | null): Record<string, unknown> {
  const ids = [...w.game.players.map((p) => p.id), w.outsider.id, RANDOM_UUID, actor?.id ?? RANDOM_UUID, "x", ""];
  const type = r.pick(ACTION_TYPES);
  switch (type) {
    case "chat":
      return { type, channel: r.pick(["day", "wolves", "dead", ""]), text: r.pick(["hi", " ", "", "<script>alert(1)</script>", "x".repeat(r.pick([1, 499, 500, 501, 1999])), ...SQL_TRAPS, randomTrapString(r.next)]) };
    case "link":
      return { type, targets: [r.pick(ids), r.pick(ids)] };
    case "steal":
      return { type, card: r.pick([0, 1, 2, -1]) };
    case "save":
    case "skip":
    case "ready_to_vote":
    case "peek":
      return { type };
    default:
      return { type, target: r.pick(ids) };
  }
}

function malformedBody(r: Rng): { body: string | Uint8Array; contentType?: string | null } {
  const deep = "[".repeat(3000) + "]".repeat(3000);
  return r.pick<() => { body: string | Uint8Array; contentType?: string | null }>([
    () => ({ body: "{" }),
    () => ({ body: '{"action":' }),
    () => ({ body: "[]" }),
    () => ({ body: "null" }),
    () => ({ body: "42" }),
    () => ({ body: '"action"' }),
    () => ({ body: deep }),
    () => ({ body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }),
    () => ({ body: '{"action":{"type":"vote","target":"a"},"idempotencyKey":"k"}', contentType: "text/plain" }),
    () => ({ body: "action=vote&target=a", contentType: "application/x-www-form-urlencoded" }),
    () => ({ body: '{"__proto__":{"admin":true},"action":{"type":"skip"},"idempotencyKey":"p"}' }),
    () => ({ body: '{"action":{"type":"vote","target":"a"},"idempotencyKey":"k","extra":1}' }),
    () => ({ body: '{"action":"vote","idempotencyKey":"k"}' }),
    () => ({ body: '{"action":{"type":123},"idempotencyKey":"k"}' }),
    () => ({ body: '{"action":{"type":"vote","target":42},"idempotencyKey":"k"}' }),
    () => ({ body: '{"action":{"type":"vote","target":"a"},"idempotencyKey":""}' }),
    () => ({ body: `{"action":{"type":"vote","target":"a"},"idempotencyKey":"${"k".repeat(101)}"}` }),
    () => ({ body: '{"ready":"yes"}' }),
    () => ({ body: '{"displayName":12}' }),
    () => ({ body: '{"userId":"not-a-uuid"}' }),
    () => ({ body: '{"dayLength":"long"}' }),
    () => ({ body: "\u0000\u0001" }),
    // Text no Postgres column can hold, as JSON escapes: 400 BAD_TEXT at the edge (issue 28).
    () => ({ body: '{"action":{"type":"chat","channel":"day","text":"a\\u0000b"},"idempotencyKey":"n"}' }),
    () => ({ body: '{"action":{"type":"chat","channel":"day","text":"\\ud800"},"idempotencyKey":"s"}' }),
    () => ({ body: `{"displayName":"Zed\\u0000"}` }),
  ])();
}

/**
 * Names that are invisible, blank-looking or disguised (issue 28 #6): word joiner, soft hyphen,
 * Hangul filler, braille blank, inner NBSP, variation selector, bidi override, stacked accents,
 * and look-alikes of a Latin name (Cyrillic А, Greek Α, fullwidth, I for l).
 */
const TRICK_NAMES = [
  "Alice\u2060", "Al\u00adice", "Alice\u3164", "\u3164", "\u2800", "Ali\u00a0ce", "Alice\ufe00", "\u202eecilA",
  "A" + "\u0301".repeat(50), "\u0410lice", "\u0391lice", "\uff21lice", "AIice", "Al\u200dice",
];

function generate(r: Rng, w: World): Req {
  const { game } = w;
  const player = r.pick(game.players);
  const anyone = r.pick<Player | null>([...game.players, w.outsider, w.otherHost, null]);
  const cookieOf = (p: Player | null) => (p ? p.cookie : r.pick([undefined, "ms_session=garbage", FORGED_JWT, NONE_JWT]));
  const gamePath = (suffix = "") =>
    `/api/games/${r.chance(0.85) ? game.gameId : r.pick([RANDOM_UUID, "not-a-uuid", "..%2f..%2fetc", "%00"])}${suffix}`;
  const roomPath = (suffix = "") =>
    `/api/rooms/${r.chance(0.7) ? game.code : r.pick([w.otherCode, w.otherGameless, "0OIL11", "abcdef", "ZZZZZZ", "%3Cscript%3E", "A".repeat(300)])}${suffix}`;
  const json = (v: unknown) => JSON.stringify(v);
  const kind = r.pick<Kind>(["malformed", "out-of-phase", "wrong-player", "oversized"]);

  if (kind === "malformed") {
    const target = r.pick([gamePath("/actions"), roomPath("/ready"), roomPath("/kick"), roomPath("/name"), "/api/auth/anonymous", "/api/rooms", roomPath("/settings"), gamePath("/tick")]);
    const b = malformedBody(r);
    const method = target.endsWith("/settings") ? "PATCH" : r.pick(["POST", "POST", "POST", "PUT", "DELETE"]);
    return { kind, method, path: target, body: b.body, contentType: b.contentType, cookie: cookieOf(r.chance(0.8) ? player : anyone), label: `malformed ${method} ${target}` };
  }
  if (kind === "oversized") {
    return r.pick<() => Req>([
      () => ({ kind, method: "POST", path: gamePath("/actions"), body: json({ action: { type: "chat", channel: "day", text: "y".repeat(17_000) }, idempotencyKey: freshKey("o") }), cookie: player.cookie, label: "17 KB action" }),
      () => ({ kind, method: "POST", path: gamePath("/actions"), body: "chunked-oversize", cookie: player.cookie, label: "chunked 40 KB without length" }),
      () => ({ kind, method: "POST", path: gamePath("/actions"), body: json({ action: { type: "chat", channel: r.pick(["day", "wolves"]), text: "z".repeat(r.pick([501, 1500, 2000, 2001])) }, idempotencyKey: freshKey("o") }), cookie: player.cookie, label: "chat too long" }),
      () => ({ kind, method: "POST", path: "/api/auth/anonymous", body: json({ displayName: r.pick(["n".repeat(21), "n".repeat(250), "<img src=x>", " ", "a\u0000b", "\u202eevil", ...TRICK_NAMES]) }), cookie: cookieOf(anyone), label: "bad display name" }),
      () => ({ kind, method: "POST", path: roomPath("/name"), body: json({ displayName: "N".repeat(r.pick([21, 199, 201])) }), cookie: player.cookie, label: "long rename" }),
      () => ({ kind, method: "POST", path: roomPath("/name"), body: json({ displayName: r.pick(TRICK_NAMES) }), cookie: player.cookie, label: "invisible or look-alike rename" }),
      () => ({ kind, method: "GET", path: gamePath(`/events?cursor=${"Q".repeat(r.pick([100, 4097, 8000]))}`), cookie: player.cookie, label: "huge cursor" }),
      // Positions past audience_seq's int range (issue 28): 400 BAD_CURSOR.
      () => ({ kind, method: "GET", path: gamePath(`/events?cursor=${hostileCursor(r)}`), cookie: player.cookie, label: "out-of-range cursor" }),
      () => ({ kind, method: "POST", path: roomPath("/name"), body: json({ displayName: r.pick(SQL_TRAPS).slice(0, 20) }), cookie: player.cookie, label: "quoting-trap rename" }),
      () => ({ kind, method: "GET", path: gamePath(`/chat?channel=day&day=${r.pick(["99999", "-1", "1e9", "x", ""])}`), cookie: player.cookie, label: "bad chat day" }),
      () => ({ kind, method: "POST", path: gamePath("/actions"), body: json({ action: { type: "link", targets: Array.from({ length: 500 }, () => RANDOM_UUID) }, idempotencyKey: freshKey("o") }), cookie: player.cookie, label: "huge link" }),
    ])();
  }
  if (kind === "wrong-player") {
    return r.pick<() => Req>([
      () => ({ kind, method: "POST", path: gamePath("/actions"), body: json({ action: actionFor(r, w, null), idempotencyKey: freshKey("w") }), cookie: cookieOf(r.pick([w.outsider, w.otherHost, null])), label: "outsider acts" }),
      () => ({ kind, method: "GET", path: gamePath(r.pick(["", "/me", "/events", "/view", "/chat?channel=wolves&day=1"])), cookie: cookieOf(r.pick([w.outsider, w.otherHost, null])), label: "outsider reads" }),
      () => ({ kind, method: "POST", path: roomPath(r.pick(["/kick", "/start", "/reset"])), body: json(r.chance(0.5) ? { userId: r.pick(game.players).id } : {}), cookie: r.pick(game.players.slice(1)).cookie, label: "non-host admin" }),
      () => ({ kind, method: "PATCH", path: roomPath("/settings"), body: json({ dayLength: r.pick([30, 60, 5, 301]) }), cookie: cookieOf(r.pick([...game.players.slice(1), w.outsider])), label: "non-host settings" }),
      () => ({ kind, method: "POST", path: `/api/rooms/${game.code}/${r.pick(["join", "leave", "ready", "appearance"])}`, body: json(r.pick([{}, { ready: true }, { appearance: "wolf-red" }])), cookie: w.outsider.cookie, label: "outsider lobby move mid-game" }),
      () => ({ kind, method: "POST", path: `/api/rooms/${game.code}/${r.pick(["leave", "ready", "name"])}`, body: json(r.pick([{}, { ready: false }, { displayName: "Renamed" }])), cookie: player.cookie, label: "lobby move mid-game" }),
      () => {
        const prior = w.usedKeys.length ? r.pick(w.usedKeys) : null;
        const action = actionFor(r, w, player);
        return { kind, method: "POST", path: `/api/games/${game.gameId}/actions`, body: json({ action, idempotencyKey: prior?.key ?? freshKey("m") }), cookie: (prior?.p ?? player).cookie, label: "reused idempotency key" };
      },
      () => ({ kind, method: "GET", path: `/api/realtime?room=${r.pick([RANDOM_UUID, "nope", game.roomId])}`, cookie: cookieOf(r.pick([w.outsider, null])), label: "outsider realtime" }),
      () => ({ kind, method: "POST", path: gamePath("/tick"), body: "{}", cookie: cookieOf(r.pick([w.outsider, null])), label: "outsider tick" }),
    ])();
  }
  // out-of-phase: plausible actions from seated players, whatever the phase (mostly illegal now).
  const action = actionFor(r, w, player);
  // Some keys end in a quoting trap (`k$c` was a 500, issue 28).
  const key = r.chance(0.2) ? `${freshKey("p")}${r.pick(SQL_TRAPS)}`.slice(0, 100) : freshKey("p");
  if (w.usedKeys.length < 200) w.usedKeys.push({ p: player, key, action });
  return { kind, method: "POST", path: `/api/games/${game.gameId}/actions`, body: json({ action, idempotencyKey: key }), cookie: player.cookie, label: `${action.type}` };
}

/** A cursor whose position is out of range or not an integer. */
const hostileCursor = (r: Rng) => encodeCursorJson({ [r.pick(["public", "end"])]: r.pick([2 ** 31, 2 ** 53, -1, 0.5, 1e308]) });

/** The network error behind fetch's "fetch failed", with its cause (undici's code and message). */
function describe(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return cause ? `${String(e)} (${cause.code ?? ""} ${cause.message ?? ""})` : String(e);
}

async function fire(url: string, q: Req): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (q.cookie) headers.cookie = q.cookie;
  if (q.body !== undefined && q.contentType !== null) headers["content-type"] = q.contentType ?? "application/json";
  if (q.body === "chunked-oversize") {
    const chunk = new TextEncoder().encode("x".repeat(4096));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent++ >= 10) c.close();
        else c.enqueue(chunk);
      },
    });
    const res = await fetch(`${url}${q.path}`, { method: q.method, headers, body: stream, duplex: "half" } as RequestInit);
    const text = await res.text();
    return { status: res.status, body: text, headers: res.headers };
  }
  const res = await fetch(`${url}${q.path}`, { method: q.method, headers, body: q.body as BodyInit | undefined, redirect: "manual", signal: AbortSignal.timeout(30_000) });
  // An SSE stream that opened (it should not for these callers) is cut here rather than held.
  const text = res.headers.get("content-type")?.includes("text/event-stream") ? (await res.body?.cancel(), "<stream>") : await res.text();
  return { status: res.status, body: text, headers: res.headers };
}

/** What a refused request must not change, as the API shows it. */
async function fingerprint(w: World, cursors: Map<string, string | undefined>) {
  // The game is read before the events too: a timer firing while this runs shows up as a phase
  // change between this first read and the next fingerprint's last one, never as a refused write.
  const start = await readGame(w.game.host, w.game.gameId);
  let newEvents = 0;
  for (const p of w.game.players) {
    const got = await eventsSince(p, w.game.gameId, cursors.get(p.id));
    newEvents += got.events.length;
    cursors.set(p.id, got.cursor);
  }
  const g = await readGame(w.game.host, w.game.gameId);
  const stripAttendance = (snap: Reply) => {
    const b = snap.body;
    // `connected` follows realtime streams, not writes.
    return { room: b.room, members: (b.members ?? []).map((m: Record<string, unknown>) => ({ ...m, connected: null })) };
  };
  const room = stripAttendance(await w.game.host.get(`/api/rooms/${w.game.code}`));
  const other = stripAttendance(await w.otherHost.get(`/api/rooms/${w.otherCode}`));
  // Read last, after the rooms: members' attendance (missed turns) follows the public phase events,
  // so a timer firing between the game read and the room read changes the room without a new
  // event having been read — it must count as the timer moving, not as a refused write.
  const end = await readGame(w.game.host, w.game.gameId);
  return {
    newEvents,
    timer: JSON.stringify([start.phase, start.deadline]),
    timerEnd: JSON.stringify([end.phase, end.deadline]),
    state: JSON.stringify({ g: { ...g, serverNow: 0, alive: [...g.alive] }, room, other }),
  };
}

/** The leaves of two fingerprint states that differ, as `path: before → after`, for the report. */
function stateDiff(before: string, after: string): string {
  const out: string[] = [];
  const walk = (a: unknown, b: unknown, at: string) => {
    if (JSON.stringify(a) === JSON.stringify(b)) return;
    if (a && b && typeof a === "object" && typeof b === "object") {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`);
    } else out.push(`${at}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
  };
  walk(JSON.parse(before), JSON.parse(after), "");
  return out.join("; ");
}

/** Re-checks the game's invariants through each player's API view. */
async function checkInvariants(w: World, violations: string[], everDead: Set<string>) {
  const { game } = w;
  const g = await readGame(game.host, game.gameId);
  for (const id of everDead) if (g.alive.get(id)) violations.push(`dead player ${id} is alive again`);
  for (const [id, alive] of g.alive) if (!alive) everDead.add(id);
  const wolves = new Set(game.byRole("wolf").map((p) => p.id));
  for (const p of game.players) {
    const { events } = await eventsSince(p, game.gameId);
    const dead = new Set<string>();
    const votesByDay = new Map<number, number>();
    for (const e of events) {
      const a = e.audience;
      const readable =
        g.ended || a.kind === "public" || (a.kind === "player" && a.player === p.id) || (a.kind === "team" && a.team === "wolves" && wolves.has(p.id));
      if (!readable) violations.push(`${p.name} received ${e.type} for ${JSON.stringify(a)}`);
      if (e.type === "death") for (const d of e.players ?? []) dead.add(d);
      if (e.type === "chat" && e.audience.kind === "public") {
        if (dead.has(e.from)) violations.push(`dead ${e.from} chatted`);
        if (typeof e.text !== "string" || e.text.length < 1 || e.text.length > 500 || e.text !== e.text.trim()) violations.push(`bad chat text accepted`);
      }
      if (e.type === "vote_result") for (const by of Object.keys(e.votes ?? {})) if (dead.has(by)) violations.push(`dead ${by} voted`);
      // Once the game has ended every player reads every event (S-END-1), the others' acks too:
      // only the acks addressed to p are p's votes.
      if (e.type === "vote_ack" && a.kind === "player" && a.player === p.id) votesByDay.set(e.day, (votesByDay.get(e.day) ?? 0) + 1);
    }
    for (const [day, n] of votesByDay) if (n > 1) violations.push(`${p.name} voted ${n} times on day ${day}`);
    const me = await p.get(`/api/games/${game.gameId}/me`);
    if (me.body?.role !== game.role.get(p.id) && me.body?.role !== undefined && game.role.get(p.id) !== "thief") {
      violations.push(`${p.name}'s role changed`);
    }
  }
  if (g.ended !== (g.phase === "ended") && g.phase !== "ended" && g.ended) violations.push(`ended flag and phase disagree: ${g.phase}`);
}

/** A legal move from a view's legal list: the first target, so the wolves agree and votes gather. */
function moveFrom(legal: { type: string; targets?: string[]; cards?: number[] }[]): Record<string, unknown> | null {
  const m = legal.find((l) => l.type !== "chat");
  if (!m) return null;
  if (m.type === "link") return { type: m.type, targets: m.targets?.slice(0, 2) };
  if (m.type === "steal") return { type: m.type, card: m.cards?.[0] };
  return m.targets ? { type: m.type, target: m.targets[0] } : { type: m.type };
}

/**
 * Plays every seat's first legal move, ticking at each deadline, until the game ends (true) or time
 * runs out. A night lasts its full time (P-3: 50 s, 15 s at the fuzz server's time scale) and a vote
 * eliminates one player at most, so a game of 8 can take six nights: 180 s leaves room on a slow machine.
 */
async function finishGame(w: World, timeoutMs = 180_000): Promise<boolean> {
  const { game } = w;
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const g = await readGame(game.host, game.gameId);
    if (g.ended) return true;
    let moved = false;
    for (const p of game.players) {
      const view = await p.get(`/api/games/${game.gameId}/view`);
      const move = view.status === 200 ? moveFrom(view.body.view.legal) : null;
      if (move) moved = (await act(p, game.gameId, move)).status === 200 || moved;
    }
    if (moved) continue;
    if (g.deadline !== null && g.deadline <= g.serverNow) await game.host.post(`/api/games/${game.gameId}/tick`, {});
    await new Promise((res) => setTimeout(res, 100));
  }
  return false;
}

export async function runFuzz(opts: FuzzOptions): Promise<FuzzReport> {
  const total = opts.requests ?? 10_000;
  const seed = opts.seed ?? 20240501;
  const batchSize = opts.batch ?? 50;
  const concurrency = opts.concurrency ?? 16;
  const log = opts.log ?? console.log;
  const r = rng(seed);
  log(`[fuzz] seed ${seed}, ${total} requests against ${opts.url}`);

  const game = await startGame(opts.url, `Fz${seed % 1000}-`, 8, { dayLength: 30 });
  const outsider = await signIn(opts.url, "Outsider");
  const otherHost = await signIn(opts.url, "OtherHost");
  const otherCode: string = (await otherHost.post("/api/rooms", {})).body.room.code;
  const lonely = await signIn(opts.url, "Lonely");
  const otherGameless: string = (await lonely.post("/api/rooms", {})).body.room.code;
  const w: World = { game, outsider, otherHost, otherCode, otherGameless, usedKeys: [] };

  const report: FuzzReport = {
    requests: 0,
    byStatus: {},
    byCode: {},
    byKind: {},
    serverErrors: [],
    connectionRetries: 0,
    violations: [],
    refusedBatches: 0,
    refusedBatchesChecked: 0,
    refusedBatchesSkipped: 0,
    mixedBatches: 0,
    writesFromRefused: [],
  };
  const cursors = new Map<string, string | undefined>();
  const everDead = new Set<string>();
  let before = await fingerprint(w, cursors);
  let batchNo = 0;
  const startedAt = Date.now();

  while (report.requests < total) {
    const batch = Array.from({ length: Math.min(batchSize, total - report.requests) }, () => generate(r, w));
    // A batch is comparable when nothing in it was an accepted write (reads never write).
    const accepted: boolean[] = [];
    const batchLog: string[] = [];
    let i = 0;
    const workers = Array.from({ length: concurrency }, async () => {
      while (i < batch.length) {
        const q = batch[i++];
        let res: Reply;
        try {
          res = await fire(opts.url, q);
        } catch (e) {
          if (!isStaleConnection(e)) res = { status: 599, body: describe(e), headers: new Headers() };
          else {
            // The pooled keep-alive socket was closed under us before any answer: sent again once
            // (the dead socket has left the pool). A server that resets on this request fails again.
            report.connectionRetries++;
            try {
              res = await fire(opts.url, q);
            } catch (again) {
              res = { status: 599, body: describe(again), headers: new Headers() };
            }
          }
        }
        accepted.push(q.method !== "GET" && res.status < 400);
        batchLog.push(`${q.label} ${res.status}`);
        report.byStatus[res.status] = (report.byStatus[res.status] ?? 0) + 1;
        report.byKind[q.kind] = (report.byKind[q.kind] ?? 0) + 1;
        const code = typeof res.body === "string" ? (() => { try { return JSON.parse(res.body).error?.code; } catch { return undefined; } })() : undefined;
        if (code) report.byCode[code] = (report.byCode[code] ?? 0) + 1;
        if (res.status >= 500) report.serverErrors.push({ req: `${q.method} ${q.path} (${q.label})`, status: res.status, body: String(res.body).slice(0, 300) });
      }
    });
    await Promise.all(workers);
    report.requests += batch.length;
    batchNo++;

    const after = await fingerprint(w, cursors);
    if (!accepted.some(Boolean)) {
      report.refusedBatches++;
      if (before.timer !== after.timerEnd) {
        // The phase timer moved during the batch: its writes are the timer's, not comparable.
        report.refusedBatchesSkipped++;
      } else {
        report.refusedBatchesChecked++;
        if (after.newEvents > 0 || after.state !== before.state) {
          const changed = after.state === before.state ? "same" : `changed: ${stateDiff(before.state, after.state)}`;
          report.writesFromRefused.push(`batch ${batchNo}: ${after.newEvents} new events, state ${changed}; batch: ${batchLog.join(", ")}`);
        }
      }
    } else report.mixedBatches++;
    before = after;
    if (batchNo % 20 === 0) {
      await checkInvariants(w, report.violations, everDead);
      log(`[fuzz] ${report.requests} sent, ${Math.round((report.requests * 1000) / (Date.now() - startedAt))} req/s, phase ${JSON.parse(after.state).g.phase}`);
    }
  }
  await checkInvariants(w, report.violations, everDead);
  // The invariants must also hold where every player reads every event (S-END-1): whether the
  // hostile traffic alone ended the game depends on the machine's speed, so it is played out.
  const playedFrom = Date.now();
  if (!(await finishGame(w))) report.violations.push("the game did not end when played out");
  log(`[fuzz] game played out to its end in ${((Date.now() - playedFrom) / 1000).toFixed(1)} s`);
  await checkInvariants(w, report.violations, everDead);

  log(`[fuzz] requests: ${report.requests}  by kind: ${JSON.stringify(report.byKind)}`);
  log(`[fuzz] by status: ${JSON.stringify(report.byStatus)}`);
  log(`[fuzz] by code: ${JSON.stringify(report.byCode)}`);
  log(`[fuzz] connection retries (stale keep-alive socket): ${report.connectionRetries}`);
  log(`[fuzz] 5xx: ${report.serverErrors.length}  invariant violations: ${report.violations.length}  writes from refused batches: ${report.writesFromRefused.length}`);
  log(`[fuzz] refused batches: ${report.refusedBatches} (${report.refusedBatchesChecked} compared, ${report.refusedBatchesSkipped} skipped: the phase timer moved), mixed batches: ${report.mixedBatches}`);
  for (const e of report.serverErrors.slice(0, 10)) log(`[fuzz] 5xx ${e.status} ${e.req}: ${e.body}`);
  for (const v of report.violations.slice(0, 10)) log(`[fuzz] violation: ${v}`);
  for (const v of report.writesFromRefused.slice(0, 10)) log(`[fuzz] write from refused: ${v}`);
  return report;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const requests = Number(arg("requests") ?? 10_000);
  const seed = Number(arg("seed") ?? Date.now() % 1_000_000);
  let url = arg("url");
  let stop: (() => Promise<void>) | undefined;
  if (!url) {
    await ensureBuild();
    const server = await startApp(fuzzServerOptions);
    url = server.url;
    stop = server.stop;
  }
  try {
    const report = await runFuzz({ url, requests, seed });
    const bad = report.serverErrors.length + report.violations.length + report.writesFromRefused.length;
    process.exitCode = bad === 0 ? 0 : 1;
  } finally {
    await stop?.();
  }
}

/** Phases long enough that most batches fall inside one phase; ceilings raised so the engine, not the limiter, answers. */
export const fuzzServerOptions = {
  timeScale: 0.3,
  env: {
    MASOI_RATE_ACTIONS: "100000/10",
    // The request meters too, per player and per address (every fuzz client is on 127.0.0.1).
    ...Object.fromEntries(["READS", "TICKS", "STREAMS", "LOBBY", "ROOMS"].flatMap((k) => [[`MASOI_RATE_${k}`, "100000/10"], [`MASOI_RATE_${k}_ADDR`, "100000/10"]])),
  },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
