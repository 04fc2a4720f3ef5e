// The only thing realtime ever carries: "something new for you on this topic". No ids, no
// counts, no content — the client refetches what RLS lets it read (design §4).
import { kindOf } from "./signal-data";

export interface Signal {
  topic: string;
  kind: string;
}

/**
 * Parses one `pg_notify('realtime', ...)` payload written by the `realtime.send` shim
 * (`{ topic, event, payload }`). Only `topic` and the payload's `kind` survive: whatever else a
 * caller put in the payload can never reach a browser through the embedded hub.
 */
export function parseNotification(raw: string): Signal | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { topic, payload } = value as { topic?: unknown; payload?: unknown };
  if (typeof topic !== "string" || topic.length === 0 || topic.length > 200) return null;
  return { topic, kind: kindOf(payload) };
}
