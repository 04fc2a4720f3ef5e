// The load client (a process of its own): R rooms × 9 players over HTTP + the SSE stream, playing
// werewolf games back to back. Each room aims at `rate` actions/s, paced as the peer's load paces a
// match (../shared/peers/bgio/load.js): one action at a time, the next 1/rate s after the previous
// one started, or at once if that one took longer — until it reached every member who may read it.
// On each turn one player whose own folded view has something to do acts (the engine bot's choice,
// else a chat line). Latency of an action = from its request to the moment every *other* member who
// may read its event (RLS: public → everyone, team → living teammates) has received that event on its
// stream (a delivery). Prints one JSON report on stdout.
import { chance, nextInt, seedRng, type RngState } from "../../lib/game/core/rng";
import { canSee, type GameEvent } from "../../lib/game/core/types";
import { chooseAction } from "../../lib/game/werewolf/bot";
import { applyEvent, initialView } from "../../lib/game/werewolf/view";
import type { WerewolfView } from "../../lib/game/werewolf/types";
import { request, type HttpReply } from "./http";
import { openSse, type SseStream } from "./sse";
import { WINDOW_CLOSED, WINDOW_OPEN } from "./alloc-profile";
import { summary } from "./stats";

interface Options {
  base: string;
  rooms: number;
  duration: number;
  rate: number;
  setupConcurrency: number;
  seed: number;
}

interface User {
  name: string;
  id: string;
  cookie: string;
  view: WerewolfView | null;
  sse: SseStream | null;
  /** event key → time this user fetched it */
  arrivals: Map<string, number>;
  rng: RngState;
  phaseKey: string;
  done: string[];
  chats: number[];
  /** The game the stream is on and its events so far, until the view can be built. */
  pushGame: string | null;
  pushEvents: GameEvent[];
}

interface Pending {
  t0: number;
  waiting: Set<User>;
  last: number;
  measured: boolean;
  /** Ends the room's turn: the event reached everyone, or its wait timed out. */
  settle: () => void;
}

interface Room {
  index: number;
  code: string;
  roomId: string;
  users: User[];
  gameId: string | null;
  state: "setup" | "playing" | "restarting";
  pending: Map<string, Pending>;
  /** Seat order of the current game (for initialView). */
  seats: string[] | null;
  /** The game that ended last: its late deliveries (a step's user messages after its room one) are ignored. */
  endedGame: string | null;
}

const opts: Options = JSON.parse(process.argv[2] ?? "{}");
const base = new URL(opts.base);
const now = () => performance.now();

const counters = {
  turns: 0,
  sent: 0,
  accepted: 0,
  skipped: 0,
  refused: {} as Record<string, number>,
  errors: {} as Record<string, number>,
  fetches: 0,
  gamesEnded: 0,
  gamesStarted: 0,
  undelivered: 0,
};
const fanout: number[] = [];
const roundTrip: number[] = [];
let windowOpen = false;
let windowStart = 0;

const bump = (bag: Record<string, number>, k: string) => (bag[k] = (bag[k] ?? 0) + 1);
const error = (kind: string, detail?: unknown) => {
  bump(counters.errors, kind);
  if ((counters.errors[kind] ?? 0) <= 3) console.error(`[load] ${kind}`, detail ?? "");
};

async function call<T = unknown>(what: string, method: string, path: string, cookie?: string, body?: unknown): Promise<HttpReply<T> | null> {
  try {
    const r = await request<T>(base, method, path, cookie, body);
    if (r.status >= 500) error(`${what}: HTTP ${r.status}`, r.body);
    return r;
  } catch (e) {
    error(`${what}: network`, String(e));
    return null;
  }
}

/** The event as both the action reply and a member's fetch show it (fetch adds `day`). */
function eventKey(e: GameEvent): string {
  const { day: _day, ...rest } = e;
  void _day;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

function teamsOf(view: WerewolfView): string[] {
  return view.myRole === null ? [] : [view.myRole === "wolf" ? "wolves" : "village", ...(view.lovers?.includes(view.me) ? ["lovers"] : [])];
}

function arrived(room: Room, user: User, key: string, at: number) {
  user.arrivals.set(key, at);
  const p = room.pending.get(key);
  if (!p || !p.waiting.has(user)) return;
  p.waiting.delete(user);
  p.last = Math.max(p.last, at);
  if (p.waiting.size === 0) finish(room, key, p);
}

function finish(room: Room, key: string, p: Pending) {
  room.pending.delete(key);
  if (p.measured) fanout.push(p.last - p.t0);
  p.settle();
}

async function loadView(room: Room, user: User): Promise<void> {
  const r = await call<{ view: WerewolfView }>("view", "GET", `/api/games/${room.gameId}/view`, user.cookie);
  if (!r || r.status !== 200) return error(`view: HTTP ${r?.status}`, r?.body);
  user.view = r.body.view;
  user.arrivals.clear();
  user.phaseKey = "";
}

/** A delivery as the stream writes it (lib/realtime/delivery.ts): a step's events for this topic. */
interface DeliveryFrame {
  game: string;
  events: { e: GameEvent }[];
}

/**
 * Folds a step's delivered events into the view once the game's seats are known. In arrival order:
 * a step's room message comes before its user messages on one stream, so a private event that the
 * step placed before a public one is folded after it here (the browser refolds it in order,
 * lib/realtime/game-feed.ts); a bot deciding on such a view at worst sends an action the engine refuses.
 */
function onDelivered(room: Room, user: User, frame: DeliveryFrame) {
  const at = now();
  if (frame.game === room.endedGame) return;
  if (frame.game !== user.pushGame) {
    user.pushGame = frame.game;
    user.pushEvents = [];
    user.view = null;
  }
  const events = frame.events.map((d) => d.e);
  if (!user.view) {
    user.pushEvents.push(...events);
    buildView(room, user);
  } else {
    for (const e of events) user.view = applyEvent(user.view, e);
  }
  if (windowOpen) counters.fetches++;
  for (const e of events) arrived(room, user, eventKey(e), at);
  if (user === room.users[0] && user.view?.ended && room.state === "playing") void restart(room);
}

function buildView(room: Room, user: User) {
  if (user.view || !room.seats || user.pushGame === null || user.pushGame !== room.gameId) return;
  let view = initialView(user.id, room.seats);
  for (const e of user.pushEvents) view = applyEvent(view, e);
  user.view = view;
  user.pushEvents = [];
  user.arrivals.clear();
  user.phaseKey = "";
}

function connect(room: Room, user: User): Promise<void> {
  return new Promise((resolve) => {
    let hello = false;
    user.sse = openSse(
      base,
      `/api/realtime?room=${room.roomId}`,
      user.cookie,
      (event, data) => {
        if (event === "hello" && !hello) {
          hello = true;
          resolve();
        }
        if (event === "events") onDelivered(room, user, JSON.parse(data) as DeliveryFrame);
        // After a reconnect (an error already counted), catch up by reading.
        else if (event === "hello" && user.view && room.gameId) void loadView(room, user);
      },
      (reason) => {
        error("sse closed", reason);
        if (!hello) resolve();
        // Reconnect like the browser client does; refetch on hello.
        setTimeout(() => void connect(room, user), 1000);
      },
    );
  });
}

async function signIn(name: string, seed: number): Promise<User | null> {
  const r = await call<{ user: { id: string } }>("sign-in", "POST", "/api/auth/anonymous", undefined, { displayName: name });
  if (!r || r.status !== 200 || !r.cookie) {
    error(`sign-in: HTTP ${r?.status}`, r?.body);
    return null;
  }
  return {
    name,
    id: r.body.user.id,
    cookie: r.cookie,
    view: null,
    sse: null,
    arrivals: new Map(),
    rng: seedRng(seed),
    phaseKey: "",
    done: [],
    chats: [],
    pushGame: null,
    pushEvents: [],
  };
}

async function startGame(room: Room): Promise<boolean> {
  const [host] = room.users;
  await Promise.all(room.users.map((u) => call("ready", "POST", `/api/rooms/${room.code}/ready`, u.cookie, { ready: true })));
  for (let attempt = 0; attempt < 20; attempt++) {
    const r = await call<{ gameId: string; error?: { code: string } }>("start", "POST", `/api/rooms/${room.code}/start`, host.cookie, {});
    if (r?.status === 201) {
      room.gameId = r.body.gameId;
      // Seats are public: one read per room, then each member folds what its stream delivered.
      room.seats = null;
      const g = await call<{ players: { userId: string; seat: number }[] }>("game", "GET", `/api/games/${room.gameId}`, host.cookie);
      if (g?.status !== 200) return (error(`game: HTTP ${g?.status}`, g?.body), false);
      room.seats = [...g.body.players].sort((a, b) => a.seat - b.seat).map((p) => p.userId);
      for (const u of room.users) buildView(room, u);
      room.state = "playing";
      counters.gamesStarted++;
      return true;
    }
    if (r?.status !== 409) break;
    await new Promise((res) => setTimeout(res, 100));
  }
  error("start failed");
  return false;
}

async function restart(room: Room): Promise<void> {
  room.state = "restarting";
  room.endedGame = room.gameId;
  counters.gamesEnded++;
  for (const u of room.users) u.view = null;
  for (const p of room.pending.values()) p.settle();
  room.pending.clear();
  const r = await call("reset", "POST", `/api/rooms/${room.code}/reset`, room.users[0].cookie, {});
  if (r?.status !== 200) return error(`reset: HTTP ${r?.status}`, r?.body);
  await startGame(room);
}

async function setupRoom(index: number): Promise<Room | null> {
  const users = (
    await Promise.all(Array.from({ length: 9 }, (_, i) => signIn(`R${index}P${i}`, opts.seed * 1_000 + index * 16 + i)))
  ).filter((u): u is User => u !== null);
  if (users.length !== 9) return null;
  const [host] = users;
  const created = await call<{ room: { code: string; id: string } }>("create", "POST", "/api/rooms", host.cookie, {});
  if (!created || created.status !== 201) return (error(`create: HTTP ${created?.status}`, created?.body), null);
  const room: Room = { index, code: created.body.room.code, roomId: created.body.room.id, users, gameId: null, state: "setup", pending: new Map(), seats: null, endedGame: null };
  for (const u of users.slice(1)) {
    const j = await call("join", "POST", `/api/rooms/${room.code}/join`, u.cookie, {});
    if (j?.status !== 200) return (error(`join: HTTP ${j?.status}`, j?.body), null);
  }
  await Promise.all(users.map((u) => connect(room, u)));
  return (await startGame(room)) ? room : null;
}

/** The action this player would take now, or null. */
function choose(user: User): { type: string; [k: string]: unknown } | null {
  const view = user.view;
  if (!view || view.ended) return null;
  const phaseKey = `${view.phase}:${view.day}`;
  if (user.phaseKey !== phaseKey) {
    user.phaseKey = phaseKey;
    user.done = [];
  }
  const a = chooseAction(view, user.rng);
  if (a && a.type !== "chat" && !user.done.includes(JSON.stringify(a))) return a;
  const chat = view.legal.find((l) => l.type === "chat");
  const t = now();
  user.chats = user.chats.filter((c) => t - c < 5_000);
  // Below the 5-per-5-s chat limit (S-CHAT-5), with margin.
  if (!chat || user.chats.length >= 4) return null;
  const channel = chat.channel ?? (view.phase.startsWith("night") ? "wolves" : "day");
  return { type: "chat", channel, text: `load ${nextInt(user.rng, 1e9)}` };
}

/**
 * A phase this close to its deadline (or past it, not yet seen to end) is left alone, as a person
 * whose timer reads 0 waits for the next screen: the tick acts a moment after the deadline instead,
 * on the view the phase change brings. Acting into it would only race the phase's end (WRONG_PHASE).
 */
const DEADLINE_MARGIN_MS = 50;

function nearDeadline(room: Room): number | null {
  const deadline = room.users.find((u) => u.view)?.view?.deadline ?? null;
  if (deadline === null) return null;
  const left = deadline - Date.now();
  return left < DEADLINE_MARGIN_MS ? Math.max(left, 0) + DEADLINE_MARGIN_MS : null;
}

const sleep = (ms: number) => new Promise<void>((res) => setTimeout(res, ms));

/** One turn of a room: resolves when its action was refused, or reached every member who may read it. */
async function tick(room: Room, deferrals = 0): Promise<void> {
  if (!windowOpen) return;
  if (deferrals === 0) counters.turns++;
  if (room.state !== "playing") return void counters.skipped++;
  const wait = deferrals < 2 ? nearDeadline(room) : null;
  if (wait !== null) return sleep(wait).then(() => tick(room, deferrals + 1));
  const start = nextInt(room.users[0].rng, room.users.length);
  let actor: User | undefined;
  let action: ReturnType<typeof choose> = null;
  for (let i = 0; i < room.users.length && !action; i++) {
    actor = room.users[(start + i) % room.users.length];
    action = choose(actor);
  }
  if (!action || !actor) return void counters.skipped++;
  const gameId = room.gameId;
  const key = JSON.stringify(action);
  actor.done.push(key);
  if (action.type === "chat") actor.chats.push(now());
  counters.sent++;
  const t0 = now();
  const r = await call<{ events: GameEvent[]; error?: { code: string } }>("action", "POST", `/api/games/${gameId}/actions`, actor.cookie, {
    action,
    idempotencyKey: `${actor.id}-${t0}-${chance(actor.rng, 1, 2)}`,
  });
  if (!r) return;
  roundTrip.push(now() - t0);
  if (r.status !== 200) {
    if (r.status === 409 || r.status === 403 || r.status === 422) bump(counters.refused, r.body.error?.code ?? String(r.status));
    else if (r.status === 429) bump(counters.refused, "RATE_LIMITED");
    else if (r.status < 500) error(`action: HTTP ${r.status}`, r.body);
    return;
  }
  counters.accepted++;
  if (gameId !== room.gameId || !actor.view || room.state !== "playing") return;
  // The action's own event is the last one others may read (earlier ones are a phase catch-up).
  const ended = r.body.events.some((e) => e.type === "game_ended" || e.type === "ended");
  const shared = r.body.events.filter((e) => e.audience.kind === "public" || e.audience.kind === "team");
  const event = shared[shared.length - 1];
  if (!event) return;
  const k = eventKey(event);
  const view = actor.view;
  const waiting = new Set<User>();
  let last = t0;
  for (const u of room.users) {
    if (u === actor) continue;
    const alive = view.alive[u.id] ?? false;
    const teams = u.view ? teamsOf(u.view) : [];
    if (!canSee(event.audience, { player: u.id, alive, teams }, ended || view.ended)) continue;
    const at = u.arrivals.get(k);
    if (at !== undefined) last = Math.max(last, at);
    else waiting.add(u);
  }
  await new Promise<void>((settle) => {
    const p: Pending = { t0, waiting, last, measured: t0 >= windowStart, settle };
    if (waiting.size > 0) room.pending.set(k, p);
    else if (last > t0) finish(room, k, p);
    else settle();
  });
}

/** A room's turns, paced like the peer's matches: every 1/rate s, or at once after a longer turn. */
async function drive(room: Room, offset: number, period: number): Promise<void> {
  await sleep(offset);
  while (windowOpen) {
    const t0 = now();
    await tick(room);
    const wait = period - (now() - t0);
    if (wait > 0) await sleep(wait);
  }
}

async function main() {
  const rooms: Room[] = [];
  const setupStart = now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(opts.setupConcurrency, opts.rooms) }, async () => {
      while (next < opts.rooms) {
        const room = await setupRoom(next++);
        if (room) rooms.push(room);
      }
    }),
  );
  const setupS = (now() - setupStart) / 1000;
  console.error(`[load] ${rooms.length}/${opts.rooms} rooms playing after ${setupS.toFixed(1)} s`);

  windowOpen = true;
  windowStart = now();
  // Markers for the parent (bench-load.ts), which may bracket the window with a server-side tool.
  process.stdout.write(`${WINDOW_OPEN}\n`);
  const period = 1000 / opts.rate;
  // Spread the rooms' turns over one period so the load is smooth.
  rooms.forEach((room, i) => void drive(room, (i / rooms.length) * period, period));
  // Prune arrivals and time out deliveries that never came (10 s).
  const sweeper = setInterval(() => {
    const t = now();
    for (const room of rooms) {
      for (const [k, p] of room.pending) {
        if (t - p.t0 > 10_000) {
          room.pending.delete(k);
          p.settle();
          if (p.measured && ++counters.undelivered <= 3) console.error("[load] undelivered", k.slice(0, 300), [...p.waiting].map((u) => u.name).join(","));
        }
      }
      for (const u of room.users) for (const [k, at] of u.arrivals) if (t - at > 15_000) u.arrivals.delete(k);
    }
  }, 1000);
  await new Promise((res) => setTimeout(res, opts.duration * 1000));
  windowOpen = false;
  const windowS = (now() - windowStart) / 1000;
  process.stdout.write(`${WINDOW_CLOSED}\n`);
  // Let in-flight deliveries land.
  await new Promise((res) => setTimeout(res, 3_000));
  clearInterval(sweeper);
  for (const room of rooms) for (const u of room.users) u.sse?.close();
  let stillPending = 0;
  for (const room of rooms) for (const p of room.pending.values()) if (p.measured) stillPending++;
  const errorCount = Object.values(counters.errors).reduce((a, b) => a + b, 0) + counters.undelivered + stillPending;
  const report = {
    mode: "deliveries",
    rooms: rooms.length,
    clients: rooms.length * 9,
    setupS: Math.round(setupS * 10) / 10,
    windowS: Math.round(windowS * 10) / 10,
    // The aim, as the peer's "target moves/s"; turns are what the pacing let the rooms take.
    offeredPerS: rooms.length * opts.rate,
    turnsPerS: Math.round((counters.turns / windowS) * 10) / 10,
    sentPerS: Math.round((counters.sent / windowS) * 10) / 10,
    achievedPerS: Math.round((counters.accepted / windowS) * 10) / 10,
    achievedPct: Math.round((counters.accepted / Math.max(1, rooms.length * opts.rate * windowS)) * 1000) / 10,
    fanoutLatencyMs: summary(fanout),
    actionRoundTripMs: summary(roundTrip),
    fetchesPerS: Math.round(counters.fetches / windowS),
    gamesStarted: counters.gamesStarted,
    gamesEnded: counters.gamesEnded,
    skippedNothingLegal: counters.skipped,
    refused: counters.refused,
    errors: { ...counters.errors, undelivered: counters.undelivered + stillPending },
    errorCount,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exit(0);
}

void main();
