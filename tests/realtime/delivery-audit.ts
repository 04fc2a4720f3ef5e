// Judges a replayed game's deliveries (delivery-replay.ts) against the written steps:
// - recipients: every event reached exactly the users `canSee` admits (judged against the seats
//   after its step and the game's ended status after it; a user being a room member or a player),
//   public events only on the room topic (every member hears it), others only on user topics;
// - RLS: where the step was read back, each user's delivered events of the step, merged in the
//   step's order (`mergeStep`), are exactly what `getEvents` returned to them, in the same order;
// - shape: one message per topic and step, a step's messages share its `step` id and no other step
//   does, a user message's `public` and `at` place its events among the room message's, contents
//   equal what was stored, and per topic and audience `s` only grows; the room's public and a
//   user's own `player:` audience arrive gapless from 1.
import { isDeepStrictEqual } from "node:util";
import { canSee, type PlayerId } from "@/lib/game/core/types";
import { mergeStep, type DeliveredEvent } from "@/lib/realtime/delivery";
import type { Replay, WrittenStep } from "./delivery-replay";

/** How often the cases that rules name happened, so a run proves them rather than skipping them. */
export interface Coverage {
  steps: number;
  events: number;
  messages: number;
  /** Team events written while a seat of the team is dead (a dead wolf reads no wolf chat: S-CHAT-3). */
  deadInTeam: number;
  /** Team events written to a seat that was not in the team at the start (the Thief who took a Wolf card: C-THIEF-1). */
  joinedTeam: number;
  /** Non-public events of a step that ended the game: delivered to every member (S-END-1). */
  endOpened: number;
  /** Steps read back under RLS, and the (user, step) pairs compared. */
  readSteps: number;
  readPairs: number;
  /** Team events by team (wolves' chat and picks: S-CHAT-3, S-WOLF-2). */
  teams: Record<string, number>;
}

export const emptyCoverage = (): Coverage => ({ steps: 0, events: 0, messages: 0, deadInTeam: 0, joinedTeam: 0, endOpened: 0, readSteps: 0, readPairs: 0, teams: {} });

const viewerOf = (step: WrittenStep, u: PlayerId) => {
  const seat = step.seats.find((s) => s.player === u);
  return { player: u, alive: seat?.alive ?? false, teams: seat?.teams ?? [] };
};

const hasTeam = (step: WrittenStep, u: PlayerId, team: string) => step.seats.find((s) => s.player === u)?.teams.includes(team) ?? false;

const setText = (xs: Iterable<string>, name: (u: string) => string) => `{${[...xs].map(name).sort().join(", ")}}`;

/** Problems found (empty when the game's deliveries are right); counts added to `cov`. */
export function auditReplay(r: Replay, cov: Coverage): string[] {
  const { spec } = r.game;
  const tag = `${spec.mode}/${spec.ruleset} n=${spec.n} seed=${spec.seed}${spec.hostEndAfter !== null ? ` hostEndAfter=${spec.hostEndAfter}` : ""}`;
  const problems: string[] = [];
  const fail = (m: string) => problems.length < 20 && problems.push(`${tag}: ${m}`);
  const name = (u: string) => {
    const seat = r.players.indexOf(u);
    if (seat >= 0) return `seat${seat}`;
    return ["watcher", "late", "outsider"][r.users.indexOf(u) - r.players.length] ?? u;
  };

  // Where each written (audience, seq) is: its step and place in the step.
  const at = new Map<string, { k: number; idx: number }>();
  r.written.forEach((step, k) => step.events.forEach((ev, idx) => at.set(`${ev.a}#${ev.s}`, { k, idx })));
  const got = new Map<string, Set<PlayerId>>();
  const stepIds = new Map<number, string>();
  const stepOfId = new Map<string, number>();
  const once = new Set<string>();
  const lastSeq = new Map<string, number>();
  const byUserStep = new Map<string, DeliveredEvent[]>();
  const roomOfStep = new Map<number, DeliveredEvent[]>();

  for (const { topic, delivery: d } of r.received) {
    cov.messages++;
    const isRoom = topic === r.roomTopic;
    const user = isRoom ? null : topic.slice("user:".length);
    if (d.game !== r.gameId) fail(`a message on ${topic} names game ${d.game}`);
    if (isRoom !== (d.public === undefined)) fail(`a message on ${topic} ${isRoom ? "carries" : "lacks"} "public"`);
    const first = at.get(`${d.events[0].a}#${d.events[0].s}`);
    if (!first) {
      fail(`${topic} received ${d.events[0].a}#${d.events[0].s}, never written`);
      continue;
    }
    const { k } = first;
    const step = r.written[k];
    if (once.has(`${topic}|${k}`)) fail(`step ${k}: two messages on ${topic}`);
    once.add(`${topic}|${k}`);
    if ((stepIds.get(k) ?? d.step) !== d.step || (stepOfId.get(d.step) ?? k) !== k) fail(`step ${k}: "step" ${d.step} does not pair its messages alone`);
    stepIds.set(k, d.step);
    stepOfId.set(d.step, k);
    const publicIdx = step.events.flatMap((ev, idx) => (ev.a === "public" ? [idx] : []));
    let prevIdx = -1;
    for (const de of d.events) {
      const where = at.get(`${de.a}#${de.s}`);
      if (!where || where.k !== k) {
        fail(`step ${k}: ${topic} got ${de.a}#${de.s} of step ${where?.k} in the same message`);
        continue;
      }
      const ev = step.events[where.idx];
      if (where.idx <= prevIdx) fail(`step ${k}: ${topic}'s events out of the step's order`);
      prevIdx = where.idx;
      if (!isDeepStrictEqual(de.e, ev.e)) fail(`step ${k}: ${de.a}#${de.s} arrived as ${JSON.stringify(de.e)}, stored ${JSON.stringify(ev.e)}`);
      if (isRoom !== (de.a === "public")) fail(`step ${k}: ${de.a} event (${ev.audience.kind}) on ${topic}`);
      if (!isRoom) {
        const before = publicIdx.filter((i) => i < where.idx).length;
        if (de.at !== before) fail(`step ${k}: ${de.a}#${de.s} on ${name(user!)}'s topic has at=${de.at}, ${before} public events precede it`);
      } else if (de.at !== undefined) fail(`step ${k}: a room event carries "at"`);
      const seqKey = `${topic}|${de.a}`;
      if (de.s <= (lastSeq.get(seqKey) ?? 0)) fail(`${topic}: ${de.a} went from s=${lastSeq.get(seqKey)} to ${de.s}`);
      lastSeq.set(seqKey, de.s);
      const to = got.get(`${de.a}#${de.s}`) ?? new Set<PlayerId>();
      for (const u of isRoom ? step.members : [user!]) to.add(u);
      got.set(`${de.a}#${de.s}`, to);
    }
    if (isRoom) {
      if (d.events.length !== publicIdx.length) fail(`step ${k}: the room message has ${d.events.length} of ${publicIdx.length} public events`);
      roomOfStep.set(k, d.events);
    } else {
      if (d.public !== publicIdx.length) fail(`step ${k}: ${name(user!)}'s message says public=${d.public}, the step has ${publicIdx.length}`);
      byUserStep.set(`${user}|${k}`, d.events);
    }
  }

  // Gapless from 1: the room's public events, and each user's own player events.
  const total = (a: string) => r.written.reduce((n, st) => n + st.events.filter((ev) => ev.a === a).length, 0);
  const gapless: [string, string][] = [[r.roomTopic, "public"], ...r.players.map((p): [string, string] => [`user:${p}`, `player:${p}`])];
  for (const [topic, a] of gapless) {
    const seqs = r.received.filter((m) => m.topic === topic).flatMap((m) => m.delivery.events.filter((e) => e.a === a).map((e) => e.s));
    const want = Array.from({ length: total(a) }, (_, i) => i + 1);
    if (!isDeepStrictEqual(seqs, want)) fail(`${topic} got ${a} s=[${seqs.slice(0, 30).join(",")}…] (of ${want.length}), not 1..${want.length}`);
  }

  // Recipients: exactly canSee's, among the room's members and the game's players.
  r.written.forEach((step, k) => {
    cov.steps++;
    for (const ev of step.events) {
      cov.events++;
      const may = r.users.filter((u) => (step.members.includes(u) || r.players.includes(u)) && canSee(ev.audience, viewerOf(step, u), step.ended));
      const did = got.get(`${ev.a}#${ev.s}`) ?? new Set<PlayerId>();
      const extra = [...did].filter((u) => !may.includes(u));
      const missing = may.filter((u) => !did.has(u));
      if (extra.length > 0 || missing.length > 0)
        fail(`step ${k} ${ev.a}#${ev.s} (${(ev.e as { type: string }).type}${step.ended ? ", game ended" : ""}): reached ${setText(did, name)}, canSee ${setText(may, name)}`);
      if (ev.audience.kind === "team") {
        const team = ev.audience.team;
        cov.teams[team] = (cov.teams[team] ?? 0) + 1;
        if (!step.ended && r.players.some((p) => hasTeam(step, p, team) && !viewerOf(step, p).alive)) cov.deadInTeam++;
        if (!step.ended && r.players.some((p) => viewerOf(step, p).alive && hasTeam(step, p, team) && !hasTeam(r.written[0], p, team))) cov.joinedTeam++;
      }
      if (step.ended && ev.a !== "public") cov.endOpened++;
    }
    if (!step.readable) return;
    // The state as the server reads it back (the last full one and the patches since) is the engine's.
    if (step.stateRead && !isDeepStrictEqual(step.stateRead.stored, step.stateRead.engine)) fail(`step ${k}: the stored state read back differs from the engine's`);
    // RLS: what each user may read of this step right after it is what reached them, in order.
    cov.readSteps++;
    for (const u of r.users) {
      const readable = step.readable.get(u);
      const mine = byUserStep.get(`${u}|${k}`) ?? [];
      const room = step.members.includes(u) ? (roomOfStep.get(k) ?? []) : [];
      const delivered = mergeStep(room, mine).map((e) => e.e);
      cov.readPairs++;
      if (readable === null || readable === undefined) {
        if (delivered.length > 0) fail(`step ${k}: ${name(u)} may not read the game but was sent ${delivered.length} events`);
        continue;
      }
      if (!isDeepStrictEqual(delivered, readable))
        fail(`step ${k}: ${name(u)} was sent [${delivered.map((e) => (e as { type: string }).type)}] but may read [${readable.map((e) => (e as { type: string }).type)}]`);
    }
  });
  return problems;
}
