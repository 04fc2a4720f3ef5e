// Realtime presence (embedded mode): which members have a live SSE stream on their room. Every
// member opens the same room stream whatever their role, so this says nothing about roles. Held
// on globalThis: Next.js may load this module in more than one bundle of the same process.
const KEY = Symbol.for("masoi.presence");
type Registry = Map<string, Map<string, number>>;
type GlobalWithPresence = typeof globalThis & { [KEY]?: Registry };

const registry = (): Registry => ((globalThis as GlobalWithPresence)[KEY] ??= new Map());

/** Counts one open stream of `userId` on `roomId`; the returned release is idempotent. */
export function markConnected(roomId: string, userId: string): () => void {
  const rooms = registry();
  let users = rooms.get(roomId);
  if (!users) rooms.set(roomId, (users = new Map()));
  users.set(userId, (users.get(userId) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const current = rooms.get(roomId);
    const n = (current?.get(userId) ?? 1) - 1;
    if (!current) return;
    if (n > 0) current.set(userId, n);
    else current.delete(userId);
    if (current.size === 0) rooms.delete(roomId);
  };
}

export function isConnected(roomId: string, userId: string): boolean {
  return (registry().get(roomId)?.get(userId) ?? 0) > 0;
}

/** `stream` unchanged for its reader, calling `release` once it ends, errors or is cancelled. */
export function releaseOnEnd(stream: ReadableStream<Uint8Array>, release: () => void): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    async cancel(reason) {
      release();
      await reader.cancel(reason).catch(() => undefined);
    },
  });
}
