// The only thing realtime ever carries: "something new for you on this topic". No ids, no
// counts, no content — the client refetches what RLS lets it read (design §4).
import { kindOf } from "./signal-data";
import { isUuid } from "./topics";

export interface Signal {
  topic: string;
  kind: string;
}

/**
 * What arrives on the `realtime` channel: a signal for browsers, or a server-internal notice that
 * the topic authorization of a room's members may have changed (a member joined or left:
 * migrations 0012_membership_notices, 0023_no_team_topics). A notice has no topic, so it can never
 * be forwarded as a signal.
 */
export type Notification = { signal: Signal } | { membership: string };

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
  const { topic, payload, membership } = value as { topic?: unknown; payload?: unknown; membership?: unknown };
  if (typeof topic === "string") {
    if (topic.length === 0 || topic.length > 200) return null;
    return { signal: { topic, kind: kindOf(payload) } };
  }
  if (typeof membership === "string" && isUuid(membership)) return { membership: membership.toLowerCase() };
  return null;
}

/** The signal in a `realtime` notification, or null (notices included: they are not signals). */
export function parseNotification(raw: string): Signal | null {
  const n = parseRealtimeNotification(raw);
  return n && "signal" in n ? n.signal : null;
}
