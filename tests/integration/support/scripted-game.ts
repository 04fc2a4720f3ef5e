// Eight scripted players who behave like the real client: each keeps its own realtime stream and
// its view of the game the way the browser does (lib/realtime/game-feed.ts, the feed useGame runs):
// `GET /view` once per game, then the steps realtime delivers (`events` frames) folded in by the
// mode's client fold, `GET /events?cursor=` only on a gap, `GET /view` again when its access changes
// or the stream (re)connects (`hello`). It acts from its own view's legal actions. A director — the
// test harness acting as referee, not a player — steers the choices toward a deterministic Village
// win; it only ever aggregates what each seat was told about itself (own role), and its knowledge is
// never used by the secrecy audit, which works from the database's ground truth.
import { randomBytes } from "node:crypto";
import type { GameEvent } from "@/lib/game/core/types";
import type { LegalAction, WerewolfView } from "@/lib/game/werewolf/types";
// What the browser's werewolf fold loads (components/game/fold.ts, loadWerewolfFold).
import { applyEvent, viewerAccess } from "@/lib/game/werewolf/view";
import { createGameFeed, type GameFeed } from "@/lib/realtime/game-feed";
import { parseDelivery } from "@/lib/realtime/delivery";
import { createWireClient, type SseFrame, type WireClient } from "./wire-client";

export interface Player {
  name: string;
  id: string;
  client: WireClient;
  frames: SseFrame[];
  roomId: string;
  code: string;
  gameId: string | null;
  role: string | null;
  /** Every event realtime delivered to this player, once each, in arrival order. */
  events: GameEvent[];
  view: WerewolfView | null;
  /** Every view the feed showed, in order (checked against the server's fold afterwards). */
  views: WerewolfView[];
  /** Action keys already accepted (phase:day:type), so a refetch never re-sends. */
  sent: Set<string>;
  /** Every chat text this player sent, by channel. */
  said: { channel: "day" | "wolves"; text: string; day: number }[];
  refused: string[];
  errors: string[];
  hello: Promise<void>;
  ended: Promise<void>;
}

interface Internal extends Player {
  feed: GameFeed | null;
  /** Frames are handled one at a time, in arrival order (like the browser's event loop). */
  queue: Promise<void>;
  seen: Set<string>;
  dirty: boolean;
  running: boolean;
  stopped: boolean;
  onHello: () => void;
  onEnded: () => void;
}

/** How long a player waits after its view changed before acting on it. */
const SETTLE_MS = 60;
const nonce = () => randomBytes(6).toString("hex");

export async function signIn(baseUrl: string, name: string): Promise<Internal> {
  const client = createWireClient(baseUrl);
  const r = await client.request("POST", "/api/auth/anonymous", { displayName: name });
  if (r.status !== 200) throw new Error(`sign-in ${name}: ${r.status} ${JSON.stringify(r.json)}`);
  let onHello!: () => void;
  let onEnded!: () => void;
  const hello = new Promise<void>((res) => (onHello = res));
  const ended = new Promise<void>((res) => (onEnded = res));
  return {
    name,
    id: r.json.user.id,
    client,
    frames: [],
    roomId: "",
    code: "",
    gameId: null,
    role: null,
    events: [],
    view: null,
    views: [],
    sent: new Set(),
    said: [],
    refused: [],
    errors: [],
    hello,
    ended,
    feed: null,
    queue: Promise.resolve(),
    seen: new Set(),
    dirty: false,
    running: false,
    stopped: false,
    onHello,
    onEnded,
  };
}
/** The referee's steering: who the wolves bite, who the village votes out, what the witch does. */
export interface Director {
  learn(p: Player): void;
  decide(p: Player, v: WerewolfView): Promise<void>;
  plan: string[];
}

export function createDirector(players: Internal[]): Director {
  const roles = new Map<string, string>();
  const plan: string[] = [];
  const seat = (id: string) => players.findIndex((p) => p.id === id);
  const withRole = (role: string) => players.filter((p) => roles.get(p.id) === role).map((p) => p.id);
  const inspected = new Set<string>();

  const living = (v: WerewolfView) => v.players.filter((p) => v.alive[p]);
  const firstLivingWolf = (v: WerewolfView) => living(v).find((p) => roles.get(p) === "wolf") ?? null;
  const targetsOf = (a: LegalAction | undefined) => a?.targets ?? [];

  function biteTarget(v: WerewolfView): string | null {
    const [v1] = withRole("villager");
    const [hunter] = withRole("hunter");
    if (v.day === 1) return v1;
    if (v.alive[hunter]) return hunter;
    return living(v).find((p) => roles.get(p) !== "wolf") ?? null;
  }

  async function post(p: Internal, v: WerewolfView, action: Record<string, unknown> & { type: string }, key = action.type) {
    const id = `${v.phase}:${v.day}:${key}`;
    if (p.sent.has(id)) return;
    p.sent.add(id);
    const r = await p.client.request("POST", `/api/games/${p.gameId}/actions`, { action, idempotencyKey: id });
    if (r.status !== 200) p.refused.push(`${id} ${JSON.stringify(action)} → ${r.status} ${r.json?.error?.code}`);
    else if (action.type === "chat") p.said.push({ channel: action.channel as "day" | "wolves", text: action.text as string, day: v.day });
  }

  const director: Director = {
    plan,
    learn(p) {
      if (p.role === null || roles.has(p.id)) return;
      roles.set(p.id, p.role);
      // Night actors may have synced before every seat was known: wake everyone once it is.
      if (roles.size === players.length) for (const q of players) decideSoon(q, director);
    },
    async decide(p0, v) {
      const p = p0 as Internal;
      // The dead act only to take a pending Hunter shot (S-HUNTER-1).
      if (roles.size < players.length || v.ended || (!v.alive[p.id] && v.phase !== "hunter")) return;
      const legal = (t: string) => v.legal.find((a) => a.type === t);
      const role = roles.get(p.id);
      switch (v.phase) {
        case "night.main": {
          if (role === "wolf") {
            if (legal("chat")?.channel === "wolves") {
              await post(p, v, { type: "chat", channel: "wolves", text: `wolf-chat n${v.day} ${p.name} ${nonce()}` }, "chat");
            }
            const target = biteTarget(v);
            if (target && targetsOf(legal("bite")).includes(target)) await post(p, v, { type: "bite", target });
          } else if (role === "seer" && legal("inspect")) {
            const choices = targetsOf(legal("inspect"));
            const target = (v.day === 1 ? withRole("wolf")[0] : choices.find((c) => !inspected.has(c))) ?? choices[0];
            inspected.add(target);
            await post(p, v, { type: "inspect", target });
          } else if (role === "guard" && legal("protect")) {
            const bite = biteTarget(v);
            const choices = targetsOf(legal("protect"));
            const target = v.day === 1 ? p.id : choices.find((c) => c !== bite && roles.get(c) !== "wolf");
            if (target && choices.includes(target)) await post(p, v, { type: "protect", target });
          }
          return;
        }
        case "night.witch": {
          if (role !== "witch") return;
          const wolf = living(v).filter((q) => roles.get(q) === "wolf").at(-1);
          if (v.day === 1 && legal("save")) await post(p, v, { type: "save" });
          else if (wolf && targetsOf(legal("poison")).includes(wolf)) await post(p, v, { type: "poison", target: wolf });
          else if (legal("skip")) await post(p, v, { type: "skip" });
          return;
        }
        case "hunter": {
          const shoot = legal("shoot");
          if (!shoot) return;
          const target = firstLivingWolf(v) ?? living(v).find((q) => q !== p.id && roles.get(q) === "villager");
          if (target && targetsOf(shoot).includes(target)) await post(p, v, { type: "shoot", target });
          else await post(p, v, { type: "skip" });
          return;
        }
        case "day": {
          if (legal("chat")?.channel === "day") {
            await post(p, v, { type: "chat", channel: "day", text: `day-chat d${v.day} ${p.name} ${nonce()}` }, "chat");
          }
          if (legal("ready_to_vote")) await post(p, v, { type: "ready_to_vote" });
          return;
        }
        case "vote": {
          const choices = targetsOf(legal("vote"));
          const wolf = firstLivingWolf(v);
          const target = wolf !== null && wolf !== p.id ? wolf : choices.find((c) => roles.get(c) !== "wolf");
          if (target && choices.includes(target)) {
            if (p.id === players[0].id) plan.push(`vote ${v.day}: seat ${seat(target)}`);
            await post(p, v, { type: "vote", target });
          }
          return;
        }
      }
    },
  };
  return director;
}

/** Acts on the latest view, one decision at a time (a newer view while deciding runs once more). */
function decideSoon(p: Internal, director: Director): void {
  p.dirty = true;
  if (p.running || p.stopped || p.view === null) return;
  p.running = true;
  void (async () => {
    try {
      while (p.dirty && !p.stopped && p.view !== null) {
        // A person acts a moment after the screen changes: by then a step's other message has come
        // too (the feed shows a step's room part before its user part arrives — a witch would see
        // night.witch without her target for those milliseconds).
        await new Promise((r) => setTimeout(r, SETTLE_MS));
        await p.feed?.idle();
        p.dirty = false;
        if (p.stopped || p.view === null) break;
        if (p.view.ended) p.onEnded();
        else await director.decide(p, p.view);
      }
    } catch (e) {
      p.errors.push(String(e));
    } finally {
      p.running = false;
    }
  })();
}

const remember = (p: Internal, events: readonly GameEvent[]) => {
  for (const e of events) {
    const key = JSON.stringify(e);
    if (p.seen.has(key)) continue;
    p.seen.add(key);
    p.events.push(e);
  }
};

/** The game's feed over this player's wire client, as useGame builds it (lib/client/use-game.ts). */
function feedOf(p: Internal, gameId: string, director: Director): GameFeed {
  const c = p.client;
  return createGameFeed<WerewolfView>(gameId, {
    full: async () => {
      const r = await c.request("GET", `/api/games/${gameId}/view`);
      if (r.status !== 200) throw new Error(`${p.name} view: ${r.status}`);
      return { view: r.json.view, cursor: r.json.cursor };
    },
    page: async (cursor) => {
      const r = await c.request("GET", `/api/games/${gameId}/events?cursor=${encodeURIComponent(cursor)}`);
      if (r.status !== 200) throw new Error(`${p.name} events: ${r.status}`);
      return r.json;
    },
    apply: applyEvent,
    access: viewerAccess,
    onView: (view) => {
      p.view = view;
      p.views.push(view);
      decideSoon(p, director);
    },
    onError: (e) => p.errors.push(`${p.name} feed: ${String(e)}`),
  });
}

/** The room's game, once there is one (the browser reads the room, then the game on it). */
async function ensureFeed(p: Internal, director: Director): Promise<GameFeed | null> {
  if (p.feed) return p.feed;
  const r = await p.client.request("GET", `/api/rooms/${p.code}`);
  const gameId: string | null = r.json?.room?.gameId ?? null;
  if (gameId === null) return null;
  p.gameId = gameId;
  const me = await p.client.request("GET", `/api/games/${gameId}/me`);
  p.role = me.json?.role ?? null;
  director.learn(p);
  p.feed = feedOf(p, gameId, director);
  p.feed.refresh();
  return p.feed;
}

async function handle(p: Internal, director: Director, f: SseFrame): Promise<void> {
  if (p.stopped) return;
  if (f.event === "hello") {
    // Connected or reconnected: whatever was sent meanwhile is read (useRealtime's onConnect).
    if (p.feed) p.feed.refresh();
    else await ensureFeed(p, director);
    return;
  }
  // A data-free signal (a room change, the end): the room is read; the game's view moves by deliveries.
  if (f.event === "signal") {
    await ensureFeed(p, director);
    return;
  }
  if (f.event !== "events") return;
  const delivery = parseDelivery(f.data ?? "");
  if (!delivery) throw new Error(`${p.name}: unreadable events frame ${String(f.data).slice(0, 200)}`);
  remember(p, delivery.events.map((e) => e.e));
  (await ensureFeed(p, director))?.deliver(delivery);
}

/** Opens the player's realtime stream; every frame is handled in arrival order. */
export function connect(p: Internal, director: Director): void {
  p.client.openStream(`/api/realtime?room=${p.roomId}`, (f) => {
    p.frames.push(f);
    if (f.event === "hello") p.onHello();
    p.queue = p.queue
      .then(() => handle(p, director, f))
      .catch((e: unknown) => void p.errors.push(String(e)));
  });
}

/** Stops reacting to frames (the stream keeps recording until `client.close()`); settles once idle. */
export function stop(p: Internal): Promise<void> {
  p.stopped = true;
  return (async () => {
    await p.queue;
    await p.feed?.idle();
    while (p.running) await new Promise((r) => setTimeout(r, 20));
  })();
}

export type ScriptedPlayer = Internal;
