// Signal parsing shared by the server hub and the browser (no Node imports).
import type { Signal } from "./signal";

/** Kinds are short identifiers (`room`, `events`, `chat`, ...); anything else is dropped. */
const KIND = /^[a-z][a-z0-9_.-]{0,31}$/;

/**
 * The kind in a `realtime.send` payload (`{ kind }`), or "signal" when absent or odd. A payload
 * that arrives JSON-encoded as a string (a text parameter bound straight to jsonb) is accepted too,
 * rather than losing the kind.
 */
export function kindOf(payload: unknown): string {
  let value = payload;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return "signal";
    }
  }
  const kind = typeof value === "object" && value !== null ? (value as { kind?: unknown }).kind : undefined;
  return typeof kind === "string" && KIND.test(kind) ? kind : "signal";
}

/** The `data:` of an SSE `signal` event, checked for shape. */
export function parseSignalData(data: unknown): Signal | null {
  let value = data;
  if (typeof data === "string") {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (typeof value !== "object" || value === null) return null;
  const { topic, kind } = value as { topic?: unknown; kind?: unknown };
  return typeof topic === "string" && typeof kind === "string" ? { topic, kind } : null;
}
