// The secrecy audit of one player's recorded bytes against the database's ground truth (every
// event with its audience and the transaction it was written in, every role, when the game ended).
// Returns violations as readable strings; an empty list means the player received nothing the
// rules hide from them at that moment (P-2), and realtime delivered them exactly what they may read
// (delivery-audit.ts).
import type { GameEvent } from "@/lib/game/core/types";
import { auditDeliveries, type DeliveryAudit } from "./delivery-audit";
import type { HttpRecord, WireRecord } from "./wire-client";

export interface DbEvent {
  id: number;
  audience: string;
  type: string;
  day: number;
  payload: GameEvent;
  /** Its number within its audience (1, 2, 3 … per game: migration 0036's gap check). */
  seq: number;
  /** Transaction identity: the inserting transaction's id (`xmin`); events are never updated. */
  tx: string;
  /** `created_at` in ms. */
  at: number;
}

export interface Truth {
  gameId: string;
  roomId: string;
  players: string[];
  roles: Record<string, string>;
  /** Each seat's teams (game_roles.teams). */
  teams: Record<string, string[]>;
  events: DbEvent[];
  /** Start of the transaction that ended the game (ms). */
  endedAt: number;
}

export interface Tx {
  key: string;
  at: number;
  events: DbEvent[];
}

/** Events grouped by writing transaction, in commit order (ids are assigned in order). */
export function transactions(events: DbEvent[]): Tx[] {
  const byKey = new Map<string, Tx>();
  for (const e of [...events].sort((a, b) => a.id - b.id)) {
    let t = byKey.get(e.tx);
    if (!t) byKey.set(e.tx, (t = { key: e.tx, at: e.at, events: [] }));
    t.events.push(e);
  }
  return [...byKey.values()];
}

const ROLE_NAMES = ["wolf", "seer", "guard", "witch", "hunter", "villager", "thief", "cupid", "little_girl"];
const ROLE_ACTIONS: Record<string, string[]> = {
  wolf: ["bite"],
  seer: ["inspect"],
  guard: ["protect"],
  witch: ["save", "poison"],
  hunter: ["shoot"],
};
const ANYONE_ACTIONS = ["chat", "ready_to_vote", "vote", "skip"];
const END_MARKER = /\\?"(game_end)\\?"|\\?"(ended|gameEnded)\\?"\s*:\s*true/;

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Matches `"a":"b"` also inside HTML/RSC payloads where quotes arrive escaped. */
const q = '\\\\?"';
const typeMarker = (t: string) => new RegExp(`${q}type${q}\\s*:\\s*${q}${esc(t)}${q}`);

function* objects(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const v of value) yield* objects(v);
  else if (value && typeof value === "object") {
    yield value as Record<string, unknown>;
    for (const v of Object.values(value)) yield* objects(v);
  }
}

function parseJson(body: string): unknown {
  const t = body.trimStart();
  if (!t.startsWith("{") && !t.startsWith("[")) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === "object") {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  }
  return v;
}

export interface AuditResult extends DeliveryAudit {
  problems: string[];
  /** Records checked as pre-end (for positive controls). */
  preEnd: HttpRecord[];
  deathObservedAt: number | null;
}

/**
 * Audits `me`'s bytes. A spectator (issue 22 item 8) has no role: it may read only what every seat
 * reads (public events), never act; with `subscribedAt` (its stream opened mid-game) its deliveries
 * are checked against the steps committed from then on.
 */
export function auditPlayer(me: string, records: WireRecord[], truth: Truth, { subscribedAt }: { subscribedAt?: number } = {}): AuditResult {
  const problems: string[] = [];
  const myRole: string | undefined = truth.roles[me];
  const iAmWolf = myRole === "wolf";
  const wolves = truth.players.filter((p) => truth.roles[p] === "wolf");
  const others = truth.players.filter((p) => p !== me);
  const txs = transactions(truth.events);

  // ---- Which records are before the end (checked strictly) and when I learned I was dead.
  const http = records.filter((r): r is HttpRecord => r.kind === "http").sort((a, b) => a.receivedAt - b.receivedAt);
  let cutoff = Infinity;
  for (const r of http) {
    if (!END_MARKER.test(r.body)) continue;
    if (r.receivedAt < truth.endedAt) problems.push(`${r.method} ${r.path}: shows the game ended before it did`);
    else {
      cutoff = Math.min(cutoff, r.receivedAt);
    }
  }
  const preEnd = http.filter((r) => r.sentAt < cutoff && !(r.receivedAt >= truth.endedAt && END_MARKER.test(r.body)));
  let deathObservedAt: number | null = null;
  for (const r of preEnd) {
    const json = parseJson(r.body);
    for (const o of objects(json)) {
      const diedInEvent = o.type === "death" && Array.isArray(o.players) && o.players.includes(me);
      const deadInView = o.me === me && o.alive && typeof o.alive === "object" && (o.alive as Record<string, boolean>)[me] === false;
      const deadInGame = Array.isArray(o.players) && o.players.some((p) => p && typeof p === "object" && (p as { userId?: string }).userId === me && (p as { alive?: boolean }).alive === false);
      if (diedInEvent || deadInView || deadInGame) deathObservedAt = Math.min(deathObservedAt ?? Infinity, r.receivedAt);
    }
  }
  const knowsTeam = (r: HttpRecord) => iAmWolf && (deathObservedAt === null || r.sentAt < deathObservedAt);

  // ---- Ground truth of what may be read.
  const readableAudience = (aud: string, r: HttpRecord) =>
    aud === "public" || aud === `player:${me}` || (aud === "team:wolves" && knowsTeam(r));
  const privateTypes = new Set(truth.events.filter((e) => e.audience !== "public").map((e) => e.type));
  const publicTypes = new Set(truth.events.filter((e) => e.audience === "public").map((e) => e.type));
  const mineTypes = new Set(truth.events.filter((e) => e.audience === `player:${me}` || (iAmWolf && e.audience === "team:wolves")).map((e) => e.type));
  const forbiddenTypes = [...privateTypes].filter((t) => !publicTypes.has(t) && !mineTypes.has(t));
  const wolfTexts = truth.events.filter((e) => e.audience === "team:wolves" && e.type === "chat").map((e) => String(e.payload.text));
  const tallies = truth.events.filter((e) => e.type === "vote_result");
  const allowedActions = new Set(myRole === undefined ? [] : [...ANYONE_ACTIONS, ...(ROLE_ACTIONS[myRole] ?? [])]);

  for (const r of http) {
    // Headers never name another player (ids only ever travel in bodies the player may read).
    for (const p of others) if (r.head.includes(p)) problems.push(`${r.method} ${r.path}: response headers name player ${p}`);
    for (const line of r.head.split("\r\n")) {
      const m = /^set-cookie: ms_session=([^;]+)/i.exec(line);
      if (!m || !m[1]) continue;
      const payload = JSON.parse(Buffer.from(m[1].split(".")[1] ?? "", "base64url").toString("utf8") || "{}") as { sub?: string };
      if (payload.sub !== me) problems.push(`${r.path}: session cookie for ${payload.sub}`);
    }
  }

  for (const r of preEnd) {
    const where = `${r.method} ${r.path} @${r.receivedAt}`;
    const text = r.body;
    // Unique content of hidden events: marker of every event type this seat never may read, and
    // the text of every wolf-chat message.
    for (const t of forbiddenTypes) if (typeMarker(t).test(text)) problems.push(`${where}: carries a "${t}" event`);
    if (!knowsTeam(r)) for (const w of wolfTexts) if (text.includes(w)) problems.push(`${where}: carries wolf chat "${w}"`);
    // Role of another player next to their id, as JSON or escaped inside HTML.
    for (const p of others) {
      const m = new RegExp(`${q}${esc(p)}${q}\\s*:\\s*${q}(${ROLE_NAMES.join("|")})${q}`).exec(text);
      if (m && !(iAmWolf && truth.roles[p] === "wolf" && m[1] === "wolf")) problems.push(`${where}: role of ${p} (${m[1]})`);
    }
    const json = parseJson(text);
    if (json === undefined) continue;
    for (const o of objects(json)) {
      // Every event object must be one this seat may read now.
      const aud = o.audience as { kind?: string; player?: string; team?: string } | undefined;
      if (typeof o.type === "string" && aud && typeof aud === "object" && typeof aud.kind === "string") {
        const key = aud.kind === "player" ? `player:${aud.player}` : aud.kind === "team" ? `team:${aud.team}` : aud.kind;
        if (!readableAudience(key, r)) problems.push(`${where}: event ${o.type} for ${key}`);
      }
      const owner = (o.userId ?? o.player) as unknown;
      if (typeof owner === "string" && owner !== me && ("role" in o || "teams" in o)) problems.push(`${where}: role/teams of ${owner}`);
      if (Array.isArray(o.roles) && o.roles.some((x) => x && typeof x === "object")) problems.push(`${where}: a roles list before the end`);
      if ("votes" in o && "counts" in o && typeof o.day === "number") {
        const closed = tallies.find((t) => t.payload.day === o.day && t.payload.kind === o.kind);
        if (!closed || r.receivedAt < closed.at) problems.push(`${where}: tally of day ${o.day} before the vote closed`);
        else if (!sameJson(closed.payload.votes, o.votes)) problems.push(`${where}: tally differs from the closed vote`);
      }
      if (o.me === me && Array.isArray(o.legal)) checkView(o, r, where);
    }
  }

  function checkView(v: Record<string, unknown>, r: HttpRecord, where: string) {
    const team = knowsTeam(r);
    const roles = v.roles as Record<string, string>;
    for (const [p, role] of Object.entries(roles ?? {})) {
      const ok = p === me ? role === myRole : iAmWolf && truth.roles[p] === "wolf" && role === "wolf";
      if (!ok) problems.push(`${where}: view.roles shows ${p} as ${role}`);
    }
    if (v.myRole !== (myRole ?? null)) problems.push(`${where}: view.myRole ${String(v.myRole)} ≠ ${myRole}`);
    const seenWolves = (v.wolves as string[]) ?? [];
    if (iAmWolf ? !sameJson(seenWolves, wolves) : seenWolves.length > 0) problems.push(`${where}: view.wolves ${JSON.stringify(seenWolves)}`);
    if (myRole !== "seer" && (v.seerResults as unknown[]).length > 0) problems.push(`${where}: seer results`);
    if (!team && (v.wolfPicks as unknown[]).length > 0) problems.push(`${where}: wolf picks`);
    if (myRole !== "witch" && (v.witchTarget !== null || v.potions !== null)) problems.push(`${where}: witch info`);
    const tonight = v.tonight as { save: boolean; poison: boolean };
    if (myRole !== "witch" && (tonight.save || tonight.poison)) problems.push(`${where}: tonight's potions`);
    if (myRole !== "guard" && v.lastProtect !== null) problems.push(`${where}: guard protection`);
    if (v.actor !== null && v.actor !== me) problems.push(`${where}: the hidden actor ${String(v.actor)}`);
    if ((v.timeline as unknown[]).length > 0) problems.push(`${where}: the results timeline before the end`);
    for (const line of v.chat as { channel: string }[]) if (line.channel === "wolves" && !team) problems.push(`${where}: wolf chat line`);
    for (const a of v.legal as { type: string }[]) if (!allowedActions.has(a.type)) problems.push(`${where}: legal action ${a.type} for a ${myRole}`);
  }

  // ---- Realtime: every delivery against the steps' readable events (delivery-audit.ts).
  const realtime = auditDeliveries(
    { me, teams: truth.teams[me] ?? [], subscribedAt, publicOnly: myRole === undefined || myRole === "villager", forbiddenTypes },
    records,
    truth,
    txs,
    problems,
  );
  return { problems, ...realtime, preEnd, deathObservedAt };
}
