// What realtime carries: a signal ("something new for you on this topic": no ids, no counts, no
// content; the client reads what RLS lets it read) or, for a game step, a delivery — the step's
// events addressed by the writing transaction to those the `game_events` policy lets read them
// (migration 0036_event_deliveries, docs/realtime.md "Deliveries").
import { parseDelivery, type Delivery } from "./delivery";
import { kindOf } from "./signal-data";
import { isUuid } from "./topics";

export interface Signal {
  topic: string;
  kind: string;
  /** A step's events (kind `events`), shared by every subscriber of the topic: never mutate. */
  delivery?: Delivery;
}

/**
 * What arrives on the `realtime` channel: a signal for browsers, or a server-internal notice that
 * the topic authorization of a room's members may have changed (a member joined or left:
 * migrations 0012_membership_notices, 0023_no_team_topics). A notice has no topic, so it can never
 * be forwarded as a signal.
 */
export type Notification = { signal: Signal } | { membership: string } | { stored: { topic: string; id: string } };

/**
 * Parses one `pg_notify('realtime', ...)` payload: `{ topic, event, payload }` written by the
 * `realtime.send` shim, or `{ membership: <room uuid> }`. Only a signal's `topic` and its payload's
 * `kind` survive: whatever else a caller put in the payload can never reach a browser.
 */
export function parseRealtimeNotification(raw: string): Notification | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { topic, event, payload, membership, ref } = value as { topic?: unknown; event?: unknown; payload?: unknown; membership?: unknown; ref?: unknown };
  if (typeof topic === "string") {
    if (topic.length === 0 || topic.length > 200) return null;
    // Too large for a notification: stored in realtime.messages (bootstrap 0004), read by id.
    if (typeof ref === "string" && isUuid(ref)) return { stored: { topic, id: ref.toLowerCase() } };
    return { signal: signalOf(topic, event, payload) };
  }
  if (typeof membership === "string" && isUuid(membership)) return { membership: membership.toLowerCase() };
  return null;
}

/** A delivery when the message is one (event `events` with a well-formed payload), else a signal. */
export function signalOf(topic: string, event: unknown, payload: unknown): Signal {
  const delivery = event === "events" ? parseDelivery(payload) : null;
  return delivery ? { topic, kind: "events", delivery } : { topic, kind: kindOf(payload) };
}

/**
 * The signal in a `realtime` notification, or null (notices included: they are not signals). A
 * stored (large) delivery is a data-free `events` signal here: for listeners that only wake up.
 */
export function parseNotification(raw: string): Signal | null {
  const n = parseRealtimeNotification(raw);
  if (!n || "membership" in n) return null;
  return "signal" in n ? n.signal : { topic: n.stored.topic, kind: "events" };
}
