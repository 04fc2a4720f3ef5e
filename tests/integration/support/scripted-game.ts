// Eight scripted players who behave like the real client: each keeps its own realtime stream and,
// on every signal (and on `hello`), refetches what it may read (room, events since its cursor, its
// view), then acts from its own view's legal actions. A director — the test harness acting as
// referee, not a player — steers the choices toward a deterministic Village win; it only ever
// aggregates what each seat was told about itself (own role), and its knowledge is never used by
// the secrecy audit, which works from the database's ground truth.
import { randomBytes } from "node:crypto";
import type { GameEvent } from "@/lib/game/core/types";
import type { LegalAction, WerewolfView } from "@/lib/game/werewolf/types";
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
  cursor: string | null;
  events: GameEvent[];
  view: WerewolfView | null;
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
  dirty: boolean;
  running: boolean;
  stopped: boolean;
  onHello: () => void;
  onEnded: () => void;
}

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
    cursor: null,
    events: [],
    view: null,
    sent: new Set(),
    said: [],
    refused: [],
    errors: [],
    hello,
    ended,
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
      if (roles.size === players.length) for (const q of players) kick(q, director);
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

async function sync(p: Internal, director: Director): Promise<void> {
  const c = p.client;
  if (p.gameId === null) {
    const r = await c.request("GET", `/api/rooms/${p.code}`);
    p.gameId = r.json?.room?.gameId ?? null;
    if (p.gameId === null) return;
  }
  if (p.role === null) {
    const me = await c.request("GET", `/api/games/${p.gameId}/me`);
    p.role = me.json?.role ?? null;
    director.learn(p);
  }
  for (;;) {
    const q = p.cursor ? `?cursor=${encodeURIComponent(p.cursor)}` : "";
    const r = await c.request("GET", `/api/games/${p.gameId}/events${q}`);
    if (r.status !== 200) throw new Error(`${p.name} events: ${r.status}`);
    p.events.push(...r.json.events);
    p.cursor = r.json.cursor;
    if (!r.json.more) break;
  }
  const v = await c.request("GET", `/api/games/${p.gameId}/view`);
  if (v.status !== 200) throw new Error(`${p.name} view: ${v.status}`);
  p.view = v.json.view;
  if (p.view!.ended) return p.onEnded();
  await director.decide(p, p.view!);
}

function kick(p: Internal, director: Director): void {
  p.dirty = true;
  if (p.running || p.stopped) return;
  p.running = true;
  void (async () => {
    try {
      while (p.dirty && !p.stopped) {
        p.dirty = false;
        await sync(p, director);
      }
    } catch (e) {
      p.errors.push(String(e));
    } finally {
      p.running = false;
    }
  })();
}

/** Opens the player's realtime stream; every signal (and every (re)connect) triggers a refetch. */
export function connect(p: Internal, director: Director): void {
  p.client.openStream(`/api/realtime?room=${p.roomId}`, (f) => {
    p.frames.push(f);
    if (f.event === "hello") {
      p.onHello();
      if (p.gameId !== null || p.code) kick(p, director);
    } else if (f.event === "signal") kick(p, director);
  });
}

/** Stops reacting to signals (the stream keeps recording until `client.close()`). */
export function stop(p: Internal): Promise<void> {
  p.stopped = true;
  return (async () => {
    while (p.running) await new Promise((r) => setTimeout(r, 20));
  })();
}

export type ScriptedPlayer = Internal;
