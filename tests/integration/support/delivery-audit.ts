// The realtime half of the wire audit (issue 23, docs/realtime.md "Deliveries"): one player's SSE
// bytes against the database's ground truth. A game step reaches a reader as `event: events` frames
// whose data is {topic, game, step, events:[{a,s,e,at?}], public?, serverNow}: the step's public
// events once on the room topic, the step's other events this reader may read on its user topic.
// Checked for every step (writing transaction): each delivered event is one the reader may read at
// that moment (app.event_scopes_for with the post-step seats), the deliveries are exactly the
// readable events — none more, none fewer, in order, with their audience_seq — `at`/`public` place
// them among the step's public events, each audience's numbers run 1, 2, 3 … without a gap, and
// data-free signals carry {topic, kind} only. For a villager (and a spectator) every byte is
// recomputed from the public events and its own alone (issue 23: sizes, counts and timing on its
// connections say nothing about what hidden roles did).
import { roomOfTopic } from "@/lib/realtime/topics";
import type { DbEvent, Truth, Tx } from "./wire-audit";
import type { SseRecord, WireRecord } from "./wire-client";

/** Server (database) and test share one machine clock; allow for ms rounding only. */
const CLOCK_SLACK_MS = 20;
/** A step's frames follow its commit at once; a frame this late would be timed by something else. */
const MAX_LAG_MS = 5_000;
const SIGNAL_KINDS = new Set(["room"]);
const FRAME_KEYS = new Set(["topic", "game", "step", "events", "public", "serverNow"]);

export interface ReceivedSignal {
  topic: string;
  kind: string;
  stream: number;
  receivedAt: number;
}

export interface ReceivedFrame {
  topic: string;
  stream: number;
  receivedAt: number;
  /** The frame's `data:` line as received. */
  data: string;
  game: unknown;
  step: unknown;
  public: unknown;
  events: { a: string; s: number; e: Record<string, unknown>; at?: number }[];
}

export interface Frames {
  signals: ReceivedSignal[];
  deliveries: ReceivedFrame[];
  /** The bytes of every frame by the time it completed (for content markers). */
  blocks: { stream: number; receivedAt: number; text: string }[];
}

/** Each SSE connection's frames, as a browser's EventSource splits them, with arrival times. */
function splitFrames(records: WireRecord[], problems: string[]): { stream: number; receivedAt: number; text: string }[] {
  const byStream = new Map<number, SseRecord[]>();
  for (const r of records) if (r.kind === "sse") byStream.set(r.stream, [...(byStream.get(r.stream) ?? []), r]);
  const out: { stream: number; receivedAt: number; text: string }[] = [];
  for (const [stream, chunks] of byStream) {
    let buffer = "";
    for (const c of chunks) {
      buffer += c.chunk;
      let i: number;
      while ((i = buffer.indexOf("\n\n")) >= 0) {
        out.push({ stream, receivedAt: c.receivedAt, text: buffer.slice(0, i) });
        buffer = buffer.slice(i + 2);
      }
    }
    if (buffer.trim() !== "") problems.push(`SSE #${stream}: trailing partial frame ${JSON.stringify(buffer.slice(0, 200))}`);
  }
  return out.sort((a, b) => a.receivedAt - b.receivedAt);
}

/** The records with every SSE chunk cut into one record per frame (tests edit single frames). */
export function frameRecords(records: WireRecord[]): WireRecord[] {
  const blocks = splitFrames(records, []);
  return [...records.filter((r) => r.kind !== "sse"), ...blocks.map((b): SseRecord => ({ kind: "sse", stream: b.stream, receivedAt: b.receivedAt, chunk: `${b.text}\n\n` }))];
}

/** Parses every SSE connection's bytes; framing and shape problems become violations. */
export function sseFrames(records: WireRecord[], problems: string[]): Frames {
  const blocks = splitFrames(records, problems);
  const signals: ReceivedSignal[] = [];
  const deliveries: ReceivedFrame[] = [];
  for (const { stream, receivedAt, text } of blocks) {
    const lines = text.split("\n");
    if (lines.length === 1 && /^retry: \d+$/.test(lines[0])) continue;
    if (lines.length === 1 && lines[0] === ": ping") continue;
    if (lines.length !== 2 || !lines[0].startsWith("event: ") || !lines[1].startsWith("data: ")) {
      problems.push(`SSE #${stream}: unexpected frame ${JSON.stringify(text.slice(0, 200))}`);
      continue;
    }
    const event = lines[0].slice(7);
    const data = lines[1].slice(6);
    if (event === "hello") {
      if (data !== "{}") problems.push(`SSE #${stream}: hello carries data ${data.slice(0, 200)}`);
      continue;
    }
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(data);
    } catch {
      problems.push(`SSE #${stream}: ${event} data is not JSON: ${data.slice(0, 200)}`);
      continue;
    }
    if (event === "signal") {
      const keys = Object.keys(parsed ?? {}).sort().join(",");
      const { topic, kind } = parsed;
      if (keys !== "kind,topic" || typeof topic !== "string" || typeof kind !== "string") {
        problems.push(`SSE #${stream}: signal carries more than { topic, kind }: ${data.slice(0, 200)}`);
        continue;
      }
      if (!SIGNAL_KINDS.has(kind)) problems.push(`SSE #${stream}: unexpected signal kind ${kind}`);
      signals.push({ topic, kind, stream, receivedAt });
    } else if (event === "events") {
      const extra = Object.keys(parsed).filter((k) => !FRAME_KEYS.has(k));
      const events = parsed.events;
      if (extra.length > 0) problems.push(`SSE #${stream}: events frame carries ${extra.join(",")}`);
      if (typeof parsed.topic !== "string" || !Array.isArray(events) || events.length === 0 || typeof parsed.serverNow !== "number") {
        problems.push(`SSE #${stream}: malformed events frame ${data.slice(0, 200)}`);
        continue;
      }
      const bad = events.find((x) => !x || typeof x !== "object" || Object.keys(x).some((k) => !["a", "s", "e", "at"].includes(k)) || typeof x.a !== "string" || !Number.isInteger(x.s));
      if (bad) {
        problems.push(`SSE #${stream}: malformed delivered event ${JSON.stringify(bad).slice(0, 200)}`);
        continue;
      }
      deliveries.push({ topic: parsed.topic, stream, receivedAt, data, game: parsed.game, step: parsed.step, public: parsed.public, events });
    } else problems.push(`SSE #${stream}: unknown event ${event}`);
  }
  return { signals, deliveries, blocks };
}

/** A value with its objects' keys in jsonb's order (shorter first, then bytewise): how Postgres returns them. */
function jsonbOrdered(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(jsonbOrdered);
  if (!v || typeof v !== "object") return v;
  const keys = Object.keys(v).sort((a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return Object.fromEntries(keys.map((k) => [k, jsonbOrdered((v as Record<string, unknown>)[k])]));
}

/** The event as delivered and as `GET /events` returns it: the payload with the row's day. */
export const deliveredEvent = (e: DbEvent): unknown => jsonbOrdered({ ...e.payload, day: e.day });

interface Expected {
  tx: Tx;
  index: number;
  room: boolean;
  events: { a: string; s: number; e: unknown; at?: number }[];
  public?: number;
}

/** The deliveries a step owes one reader: its public events on the room topic, `mine` on the user topic. */
function owed(tx: Tx, index: number, mine: DbEvent[]): Expected[] {
  const pub = tx.events.filter((e) => e.audience === "public");
  const out: Expected[] = [];
  if (pub.length > 0) out.push({ tx, index, room: true, events: pub.map((e) => ({ a: e.audience, s: e.seq, e: deliveredEvent(e) })) });
  if (mine.length > 0) {
    const at = (e: DbEvent) => pub.filter((p) => p.id < e.id).length;
    out.push({ tx, index, room: false, public: pub.length, events: mine.map((e) => ({ a: e.audience, s: e.seq, e: deliveredEvent(e), at: at(e) })) });
  }
  return out;
}

/** The exact `data:` of a delivery frame, with the random step and the clock left as placeholders. */
function render(topic: string, game: string, x: Expected): string {
  const body: Record<string, unknown> = { topic, game, step: "<step>", events: x.events };
  if (x.public !== undefined) body.public = x.public;
  body.serverNow = 0;
  return JSON.stringify(body);
}
const normalized = (data: string) => data.replace(/"step":"[0-9a-f-]{36}"/, '"step":"<step>"').replace(/"serverNow":\d+/, '"serverNow":0');

export interface Reader {
  me: string;
  /** The reader's teams (game_roles.teams); none for a spectator. */
  teams: string[];
  /** From when its stream was open (a spectator who came mid-game). */
  subscribedAt?: number;
  /** Issue 23's byte-for-byte check from public (and own) events alone: a villager, a spectator. */
  publicOnly: boolean;
  /** Event types this reader never may read before the end: their marker must never arrive. */
  forbiddenTypes: string[];
}

export interface DeliveryAudit {
  signals: ReceivedSignal[];
  deliveries: ReceivedFrame[];
  /** For each delivery (same order), its step's index among the game's transactions. */
  txOf: number[];
  /** Every event delivered, as received. */
  events: { a: string; s: number; e: Record<string, unknown>; receivedAt: number; topic: string }[];
}

export function auditDeliveries(reader: Reader, records: WireRecord[], truth: Truth, txs: Tx[], problems: string[]): DeliveryAudit {
  const { me, subscribedAt } = reader;
  const frames = sseFrames(records, problems);
  const isRoomT = (topic: string) => roomOfTopic(topic) === truth.roomId;
  const userT = `user:${me}`;
  for (const s of frames.signals) if (!isRoomT(s.topic) && s.topic !== userT) problems.push(`signal on a foreign topic ${s.topic}`);

  // ---- Who may read what, per step: app.event_scopes_for with the seats written by the step.
  const endIndex = txs.findIndex((t) => t.events.some((e) => e.type === "game_end"));
  const death = truth.events.find((e) => e.type === "death" && (e.payload.players as string[]).includes(me));
  const livingAfter = (t: Tx) => !death || t.events.every((e) => e.id < death.id);
  const readable = (t: Tx, index: number, e: DbEvent) =>
    (endIndex >= 0 && index >= endIndex) ||
    e.audience === "public" ||
    e.audience === `player:${me}` ||
    (e.audience.startsWith("team:") && reader.teams.includes(e.audience.slice(5)) && livingAfter(t));
  // Who is sent a step's non-public events at all (app.deliver_events' candidates): the players
  // they name, and everyone of the game or room when one is a team's or the end's, or the step ends
  // the game (every audience opens then, S-END-1).
  const candidate = (t: Tx, i: number) =>
    i === endIndex || t.events.some((e) => e.audience === `player:${me}` || (e.audience !== "public" && !e.audience.startsWith("player:")));
  const expected = txs.flatMap((t, i) => owed(t, i, candidate(t, i) ? t.events.filter((e) => e.audience !== "public" && readable(t, i, e)) : []));
  const txIndex = new Map<string, number>();
  txs.forEach((t, i) => txIndex.set(t.key, i));

  // The ground truth's own numbering: 1, 2, 3 … per audience in commit order.
  const last = new Map<string, number>();
  for (const e of [...truth.events].sort((a, b) => a.id - b.id)) {
    if (e.seq !== (last.get(e.audience) ?? 0) + 1) problems.push(`ground truth: ${e.audience} #${e.seq} follows #${last.get(e.audience) ?? 0}`);
    last.set(e.audience, e.seq);
  }
  const bySeq = new Map(truth.events.map((e) => [`${e.audience}#${e.seq}`, e]));
  const txOfEvent = new Map<number, number>();
  txs.forEach((t, i) => t.events.forEach((e) => txOfEvent.set(e.id, i)));

  // ---- Each frame: its events are known, as stored, readable now, all of one step, as owed.
  const txOf: number[] = [];
  const got = new Map<string, ReceivedFrame>();
  const steps = new Map<number, string>();
  const events: DeliveryAudit["events"] = [];
  for (const f of frames.deliveries) {
    const where = `events frame on ${f.topic} @${f.receivedAt}`;
    const room = isRoomT(f.topic);
    if (!room && f.topic !== userT) problems.push(`${where}: a foreign topic`);
    if (f.game !== truth.gameId) problems.push(`${where}: game ${String(f.game)}`);
    if (room ? f.public !== undefined : typeof f.public !== "number") problems.push(`${where}: public ${String(f.public)} on a ${room ? "room" : "user"} topic`);
    const found = f.events.map((x) => bySeq.get(`${x.a}#${x.s}`));
    const indexes = new Set(found.map((e) => (e ? txOfEvent.get(e.id)! : -1)));
    f.events.forEach((x, i) => {
      events.push({ ...x, receivedAt: f.receivedAt, topic: f.topic });
      const e = found[i];
      if (!e) return problems.push(`${where}: ${x.a} #${x.s} (${String(x.e.type)}) is no stored event`);
      const t = txs[txOfEvent.get(e.id)!];
      if (!readable(t, txOfEvent.get(e.id)!, e)) problems.push(`${where}: event ${e.type} for ${e.audience} — not readable by ${me} then`);
      if (JSON.stringify(x.e) !== JSON.stringify(deliveredEvent(e))) problems.push(`${where}: ${x.a} #${x.s} differs from the stored event`);
      if (room && x.at !== undefined) problems.push(`${where}: "at" on the room topic`);
    });
    if (indexes.size !== 1 || indexes.has(-1)) {
      problems.push(`${where}: events of ${indexes.size} steps`);
      txOf.push(-1);
      continue;
    }
    const index = [...indexes][0];
    txOf.push(index);
    const t = txs[index];
    const key = `${index}:${room ? "room" : "user"}`;
    if (got.has(key)) problems.push(`${where}: a second ${room ? "room" : "user"} message for one step`);
    got.set(key, f);
    const owedHere = expected.find((x) => x.index === index && x.room === room);
    if (!owedHere) problems.push(`${where}: nothing was owed on this topic for step ${index}`);
    else if (normalized(f.data) !== render(f.topic, truth.gameId ?? "", owedHere)) {
      problems.push(`${where}: step ${index} differs from its readable events: got ${normalized(f.data).slice(0, 400)} want ${render(f.topic, truth.gameId ?? "", owedHere).slice(0, 400)}`);
    }
    // The two messages of a step share `step`; no two steps do.
    if (typeof f.step !== "string") problems.push(`${where}: step ${String(f.step)}`);
    else if (steps.has(index) && steps.get(index) !== f.step) problems.push(`${where}: a step's two messages name different steps`);
    else if ([...steps].some(([i, s]) => i !== index && s === f.step)) problems.push(`${where}: two steps share ${f.step}`);
    else steps.set(index, f.step);
    // No byte of a frame before the end names a hidden type or carries a chat line hidden from me then.
    if (endIndex < 0 || index < endIndex) {
      for (const type of reader.forbiddenTypes) if (f.data.includes(`"type":"${type}"`)) problems.push(`${where}: carries a "${type}" event`);
      for (const e of truth.events) {
        if (e.type === "chat" && !readable(t, index, e) && f.data.includes(String(e.payload.text))) problems.push(`${where}: carries the hidden chat "${String(e.payload.text)}"`);
      }
    }
    // Sent by the writing transaction as it commits: never before it began, and at once.
    if (f.receivedAt + CLOCK_SLACK_MS < t.at) problems.push(`${where}: arrived before step ${index} began`);
    if (f.receivedAt - t.at > MAX_LAG_MS) problems.push(`${where}: arrived ${Math.round(f.receivedAt - t.at)} ms after step ${index} began`);
  }

  // ---- Completeness: nothing owed is missing (a spectator is owed the steps begun after it came).
  const since = subscribedAt === undefined ? -Infinity : subscribedAt + CLOCK_SLACK_MS;
  for (const x of expected) {
    if (x.tx.at <= since || got.has(`${x.index}:${x.room ? "room" : "user"}`)) continue;
    problems.push(`${x.room ? "room" : "user"} topic: step ${x.index} (${x.events.map((e) => `${e.a}#${e.s} ${String((e.e as { type: string }).type)}`).join(", ")}) never arrived`);
  }
  // In commit order on each topic.
  for (const room of [true, false]) {
    const order = frames.deliveries.map((f, i) => ({ f, i })).filter(({ f }) => isRoomT(f.topic) === room).map(({ i }) => txOf[i]);
    if (order.some((x, i) => i > 0 && x <= order[i - 1])) problems.push(`${room ? "room" : "user"} topic: steps out of order ${order.join(",")}`);
  }
  // Each audience's numbers, as received before the end: 1 (or where a late reader came in), 2, 3 …
  const seen = new Map<string, number>();
  frames.deliveries.forEach((f, i) => {
    if (endIndex >= 0 && txOf[i] >= endIndex) return;
    for (const x of f.events) {
      const prev = seen.get(x.a);
      const ok = prev === undefined ? x.s === 1 || subscribedAt !== undefined : x.s === prev + 1;
      if (!ok) problems.push(`${x.a}: #${x.s} received after #${prev ?? 0}`);
      seen.set(x.a, x.s);
    }
  });

  if (reader.publicOnly) publicOnlyCheck(reader, frames, txOf, txs, endIndex, truth, problems);
  return { signals: frames.signals, deliveries: frames.deliveries, txOf, events };
}

/**
 * Issue 23, P-3: what a villager's (or a spectator's) connection carries before the end — every
 * frame, its size, their number and order — recomputed from each step's public events and the
 * reader's own events alone, modulo the random step id and the clock's digits. No frame may come for
 * a step without a public event.
 */
function publicOnlyCheck(reader: Reader, frames: Frames, txOf: number[], txs: Tx[], endIndex: number, truth: Truth, problems: string[]): void {
  const preEnd = (i: number) => endIndex < 0 || i < endIndex;
  const got = frames.deliveries.filter((_, i) => preEnd(txOf[i]));
  const gotIx = txOf.filter(preEnd);
  got.forEach((f, i) => {
    if (!txs[gotIx[i]]?.events.some((e) => e.audience === "public")) problems.push(`issue 23: a frame @${f.receivedAt} for a step with no public event`);
  });
  // A late reader's frames begin somewhere: from its first frame's step on.
  const from = reader.subscribedAt === undefined ? 0 : Math.max(0, gotIx[0] ?? 0);
  const roomTopic = got.find((f) => roomOfTopic(f.topic) === truth.roomId)?.topic ?? `room:${truth.roomId}`;
  const want: string[] = [];
  txs.forEach((t, i) => {
    if (i < from || !preEnd(i)) return;
    // Only what the reader may know: the step's public events and those addressed to it by name.
    const known = t.events.filter((e) => e.audience === "public" || e.audience === `player:${reader.me}`);
    for (const x of owed({ ...t, events: known }, i, known.filter((e) => e.audience !== "public"))) {
      want.push(render(x.room ? roomTopic : `user:${reader.me}`, truth.gameId ?? "", x));
    }
  });
  const have = got.map((f) => normalized(f.data));
  const lengths = (xs: string[]) => xs.map((x) => x.length).join(",");
  if (lengths(have) !== lengths(want)) {
    problems.push(`issue 23: frame sizes [${lengths(have).slice(0, 300)}] differ from those the public events call for [${lengths(want).slice(0, 300)}]`);
  } else {
    const i = have.findIndex((x, k) => x !== want[k]);
    if (i >= 0) problems.push(`issue 23: frame ${i} ${have[i].slice(0, 300)} differs from ${want[i].slice(0, 300)}`);
  }
}
