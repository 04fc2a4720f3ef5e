// A player over real HTTP: its own session cookie, JSON in and out, and the game helpers the fault
// tests and the fuzzer share (lobby → started game, events since a cursor, waiting for a phase).
/* eslint-disable @typescript-eslint/no-explicit-any -- replies are read loosely, as a client would */

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

export interface Player {
  id: string;
  name: string;
  cookie: string;
  req(method: string, path: string, body?: unknown): Promise<Reply>;
  get(path: string): Promise<Reply>;
  post(path: string, body?: unknown): Promise<Reply>;
}

/**
 * A request that died on its connection before any response byte: a keep-alive socket the server
 * closed at the moment it was reused (both sides' idle timers race on a loaded machine).
 */
export function isStaleConnection(e: unknown): boolean {
  const code = (e as { cause?: { code?: string } }).cause?.code;
  return code === "UND_ERR_SOCKET" || code === "ECONNRESET" || code === "EPIPE";
}

export async function send(url: string, method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  const go = () => fetch(`${url}${path}`, { method, body: init.body, headers: init.headers, redirect: "manual" });
  // A read is sent once more when its pooled connection was closed under it (writes are not:
  // the callers that write assert on exactly what happened).
  const res = await go().catch((e: unknown) => {
    if (method === "GET" && isStaleConnection(e)) return go();
    throw e;
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: kept as text (the caller asserts on status)
  }
  return { status: res.status, body, headers: res.headers };
}

export function playerWith(url: string, id: string, name: string, cookie: string): Player {
  const req = (method: string, path: string, body?: unknown) =>
    send(url, method, path, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    });
  return { id, name, cookie, req, get: (p) => req("GET", p), post: (p, b) => req("POST", p, b ?? {}) };
}

export async function signIn(url: string, name: string): Promise<Player> {
  const r = await send(url, "POST", "/api/auth/anonymous", {
    body: JSON.stringify({ displayName: name }),
    headers: { "content-type": "application/json" },
  });
  if (r.status !== 200) throw new Error(`sign-in ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  const cookie = r.headers.get("set-cookie")!.split(";")[0];
  return playerWith(url, r.body.user.id, name, cookie);
}

export interface Game {
  code: string;
  roomId: string;
  gameId: string;
  players: Player[];
  host: Player;
  role: Map<string, string>;
  byRole(role: string): Player[];
}

let keys = 0;
export const freshKey = (tag = "k") => `${tag}-${process.pid}-${++keys}-${Date.now()}`;

export async function act(p: Player, gameId: string, action: Record<string, unknown>, key = freshKey()): Promise<Reply> {
  return p.post(`/api/games/${gameId}/actions`, { action, idempotencyKey: key });
}

function must(r: Reply, what: string, status = 200): Reply {
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
}

/** Signs in `n` players, creates a room, everyone joins and is ready, the host starts. */
export async function startGame(url: string, tag: string, n = 8, settings?: Record<string, unknown>): Promise<Game> {
  const players: Player[] = [];
  for (let i = 0; i < n; i++) players.push(await signIn(url, `${tag}${i}`));
  const [host] = players;
  const created = must(await host.post("/api/rooms", {}), "create room", 201);
  const code: string = created.body.room.code;
  if (settings) must(await host.req("PATCH", `/api/rooms/${code}/settings`, settings), "settings");
  for (const p of players.slice(1)) must(await p.post(`/api/rooms/${code}/join`, {}), "join");
  for (const p of players) must(await p.post(`/api/rooms/${code}/ready`, { ready: true }), "ready");
  const gameId: string = must(await host.post(`/api/rooms/${code}/start`, {}), "start", 201).body.gameId;
  const role = new Map<string, string>();
  for (const p of players) role.set(p.id, must(await p.get(`/api/games/${gameId}/me`), "me").body.role);
  return {
    code,
    roomId: created.body.room.id,
    gameId,
    players,
    host,
    role,
    byRole: (r) => players.filter((p) => role.get(p.id) === r),
  };
}

export interface GameRead {
  phase: string;
  day: number;
  deadline: number | null;
  ended: boolean;
  serverNow: number;
  alive: Map<string, boolean>;
}

export async function readGame(p: Player, gameId: string): Promise<GameRead> {
  const r = must(await p.get(`/api/games/${gameId}`), "game read");
  const { game, players, serverNow } = r.body;
  return {
    phase: game.phase,
    day: game.day,
    deadline: game.deadline,
    ended: game.ended,
    serverNow,
    alive: new Map(players.map((x: { userId: string; alive: boolean }) => [x.userId, x.alive])),
  };
}

/** Every event `p` may read after `cursor` (follows `more`), and the cursor to continue from. */
export async function eventsSince(p: Player, gameId: string, cursor?: string): Promise<{ events: any[]; cursor: string }> {
  const events: any[] = [];
  let c = cursor;
  for (;;) {
    const q = c ? `?cursor=${encodeURIComponent(c)}` : "";
    const r = must(await p.get(`/api/games/${gameId}/events${q}`), "events");
    events.push(...r.body.events);
    c = r.body.cursor;
    if (!r.body.more) return { events, cursor: c! };
  }
}

/** Polls (and ticks) until the game is in `phase` (or ended); returns the read. */
export async function waitPhase(p: Player, gameId: string, phases: string[], timeoutMs = 60_000): Promise<GameRead> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const g = await readGame(p, gameId);
    if (phases.includes(g.phase) || g.ended) return g;
    if (Date.now() > until) throw new Error(`still in ${g.phase} (day ${g.day}), wanted ${phases.join("/")}`);
    if (g.deadline !== null && g.deadline <= g.serverNow) await p.post(`/api/games/${gameId}/tick`, {});
    await new Promise((r) => setTimeout(r, 100));
  }
}
