// Reads a Server-Sent Events body frame by frame, as a browser's EventSource would parse it.

import type { Db } from "@/lib/db/types";

export interface SseFrame {
  event?: string;
  data?: string;
  comment?: string;
  retry?: number;
}

export interface SseReader {
  /** The first unconsumed frame matching `pred`; other frames stay available to later calls. */
  next(pred?: (f: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
  /** Every frame read so far. */
  seen: SseFrame[];
  /** Resolves true when the server closed the stream. */
  ended(timeoutMs?: number): Promise<boolean>;
  cancel(): Promise<void>;
}

/** One frame (the lines between blank lines) as EventSource reads it. */
export function parseFrame(block: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) frame.comment = line.slice(1).trim();
    else if (line.startsWith("event: ")) frame.event = line.slice(7);
    else if (line.startsWith("data: ")) frame.data = (frame.data ? frame.data + "\n" : "") + line.slice(6);
    else if (line.startsWith("retry: ")) frame.retry = Number(line.slice(7));
  }
  return frame;
}

export function readSse(body: ReadableStream<Uint8Array>): SseReader {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const seen: SseFrame[] = [];
  const queue: SseFrame[] = [];
  let buffer = "";
  let done = false;
  const waiter: { wake: (() => void) | null } = { wake: null };

  void (async () => {
    try {
      for (;;) {
        const { value, done: d } = await reader.read();
        if (d) break;
        buffer += decoder.decode(value, { stream: true });
        let i: number;
        while ((i = buffer.indexOf("\n\n")) >= 0) {
          const frame = parseFrame(buffer.slice(0, i));
          buffer = buffer.slice(i + 2);
          seen.push(frame);
          queue.push(frame);
        }
        waiter.wake?.();
      }
    } catch {
      // cancelled
    }
    done = true;
    waiter.wake?.();
  })();

  const waitForData = (deadline: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, Math.max(0, deadline - Date.now()));
      waiter.wake = () => {
        clearTimeout(t);
        waiter.wake = null;
        resolve();
      };
    });

  return {
    seen,
    async next(pred = () => true, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = queue.findIndex(pred);
        if (i >= 0) return queue.splice(i, 1)[0];
        if (done) throw new Error("stream ended before the expected frame");
        if (Date.now() >= deadline) throw new Error("timed out waiting for an SSE frame");
        await waitForData(deadline);
      }
    },
    async ended(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!done && Date.now() < deadline) await waitForData(deadline);
      return done;
    },
    async cancel() {
      await reader.cancel().catch(() => undefined);
    },
  };
}

export const isSignal = (topic?: string) => (f: SseFrame) =>
  f.event === "signal" && (topic === undefined || JSON.parse(f.data!).topic === topic);

let barriers = 0;
/**
 * A signal of a kind no other sends, in its own transaction: once every stream has it, every earlier
 * commit reached them. (A plain `room` signal could be matched by an older one still queued on a
 * slow stream, and the barrier would pass before its own frame came.)
 */
export async function passBarrier(db: Db, topic: string, readers: SseReader[]) {
  const kind = `barrier.${barriers++}`;
  await db.tx((tx) => tx.query(`select realtime.send(jsonb_build_object('kind', $2::text), 'room', $1, true)`, [topic, kind]));
  for (const r of readers) await r.next((f) => isSignal(topic)(f) && JSON.parse(f.data!).kind === kind);
}
