// Wire format of the Phoenix channel protocol as realtime-js speaks it (serializer vsn 2.0.0,
// node_modules/@supabase/realtime-js/dist/main/lib/serializer.js): text frames are JSON arrays
// `[join_ref, ref, topic, event, payload]`; binary frames carry user broadcasts — kind 3 from the
// client (push), kind 4 from the server (what Realtime sends for `realtime.send` rows).

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export const textFrame = (f: Frame): string => JSON.stringify([f.joinRef, f.ref, f.topic, f.event, f.payload]);

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

export function parseTextFrame(text: string): Frame | null {
  try {
    const a: unknown = JSON.parse(text);
    if (!Array.isArray(a) || a.length !== 5 || typeof a[2] !== "string" || typeof a[3] !== "string") return null;
    const payload = typeof a[4] === "object" && a[4] !== null ? (a[4] as Record<string, unknown>) : {};
    return { joinRef: a[0] == null ? null : String(a[0]), ref: a[1] == null ? null : String(a[1]), topic: a[2], event: a[3], payload };
  } catch {
    return null;
  }
}

/** A client's binary broadcast push (kind 3) as the JSON-frame equivalent: event `broadcast`. */
export function parseBinaryPush(buf: Uint8Array): Frame | null {
  if (buf.length < 7 || buf[0] !== 3) return null;
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = buf.subarray(1, 7);
  let at = 7;
  const take = (n: number) => fromUtf8.decode(buf.subarray(at, (at += n)));
  const joinRef = take(joinRefLen);
  const ref = take(refLen);
  const topic = take(topicLen);
  const event = take(eventLen);
  take(metaLen);
  if (encoding !== 1) return null; // binary user payloads: not supported (README)
  let payload: unknown;
  try {
    payload = JSON.parse(fromUtf8.decode(buf.subarray(at)));
  } catch {
    return null;
  }
  return { joinRef: joinRef || null, ref: ref || null, topic, event: "broadcast", payload: { type: "broadcast", event, payload } };
}

/** A server user broadcast (kind 4): topic, event, JSON metadata, JSON payload. */
export function userBroadcastFrame(topic: string, event: string, meta: Record<string, unknown>, payload: unknown): Uint8Array {
  const parts = [topic, event, JSON.stringify(meta)].map((s) => utf8.encode(s));
  const body = utf8.encode(JSON.stringify(payload));
  const out = new Uint8Array(5 + parts.reduce((n, p) => n + p.length, 0) + body.length);
  out.set([4, parts[0].length, parts[1].length, parts[2].length, 1]);
  let at = 5;
  for (const p of [...parts, body]) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
