// A delivery: one step's events as one topic receives them, sent by the writing transaction
// (`app.deliver_events`, migration 0036_event_deliveries; docs/realtime.md "Deliveries"). Parsed by
// the embedded hub before relaying it and by every client before folding it (no Node imports).
import type { GameEvent } from "@/lib/game/core/types";

export interface DeliveredEvent {
  /** The audience key (`public`, `player:<id>`, `team:<name>`, `end`). */
  a: string;
  /** Its per-audience sequence number: 1, 2, 3 … per game, so a reader sees a gap. */
  s: number;
  e: GameEvent;
  /** On a user topic: how many of the step's public events come before this one. */
  at?: number;
}

export interface Delivery {
  game: string;
  /** Random per step: pairs a step's room and user messages, nothing else. */
  step: string;
  /** On a user topic: how many public events the step has (its room message's length). */
  public?: number;
  events: DeliveredEvent[];
  /** Server time when relayed (embedded streams), for the countdown clock. */
  serverNow?: number;
}

const isCount = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n >= 0;

function deliveredEvent(value: unknown): DeliveredEvent | null {
  if (typeof value !== "object" || value === null) return null;
  const { a, s, e, at } = value as Record<string, unknown>;
  if (typeof a !== "string" || !isCount(s) || s < 1 || typeof e !== "object" || e === null) return null;
  if (typeof (e as { type?: unknown }).type !== "string") return null;
  if (at !== undefined && !isCount(at)) return null;
  return at === undefined ? { a, s, e: e as GameEvent } : { a, s, e: e as GameEvent, at };
}

/** A delivery checked for shape (a string is parsed first), or null. */
export function parseDelivery(value: unknown): Delivery | null {
  let v = value;
  if (typeof v === "string") {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (typeof v !== "object" || v === null) return null;
  const { game, step, events, serverNow } = v as Record<string, unknown>;
  const pub = (v as Record<string, unknown>).public;
  if (typeof game !== "string" || typeof step !== "string" || !Array.isArray(events) || events.length === 0) return null;
  if (pub !== undefined && !isCount(pub)) return null;
  const out: DeliveredEvent[] = [];
  for (const raw of events) {
    const e = deliveredEvent(raw);
    if (!e) return null;
    out.push(e);
  }
  const delivery: Delivery = { game, step, events: out };
  if (pub !== undefined) delivery.public = pub;
  if (typeof serverNow === "number") delivery.serverNow = serverNow;
  return delivery;
}

/** Whether this delivery came on a user topic (it carries its place among the step's public events). */
export const isUserDelivery = (d: Delivery): boolean => d.public !== undefined;

/**
 * A step's events in the step's order, from its room message's public events and a user message's
 * events placed by their `at`.
 */
export function mergeStep(publicEvents: readonly DeliveredEvent[], mine: readonly DeliveredEvent[]): DeliveredEvent[] {
  const out: DeliveredEvent[] = [];
  let p = 0;
  for (const e of mine) {
    const at = Math.min(e.at ?? 0, publicEvents.length);
    while (p < at) out.push(publicEvents[p++]);
    out.push(e);
  }
  while (p < publicEvents.length) out.push(publicEvents[p++]);
  return out;
}
