// When to look at a room's host again (host.ts, `recheckHostLater`): one pending look per room.
// A room's nine streams open together, and a server's restart reopens them all: each asked for its
// own look 30 s later (a database read each, 900 at once for 100 rooms). A later ask never delays
// the pending look — a host gone at its time is passed on then — it only adds one more after it.

export type Rechecks = (roomId: string, dueAt: number) => void;

/** `check(roomId)` runs at each asked time, coalesced: asks while one is pending add at most one more. */
export function createRechecks(check: (roomId: string) => void, now: () => number = Date.now): Rechecks {
  const pending = new Map<string, { latest: number }>();
  const arm = (roomId: string, at: number, entry: { latest: number }) => {
    const timer = setTimeout(() => {
      check(roomId);
      // A later open or end asked for a later look than the one just made.
      if (entry.latest > at) arm(roomId, entry.latest, entry);
      else pending.delete(roomId);
    }, Math.max(0, at - now()));
    timer.unref?.();
  };
  return (roomId, dueAt) => {
    const entry = pending.get(roomId);
    if (entry) {
      entry.latest = Math.max(entry.latest, dueAt);
      return;
    }
    const fresh = { latest: dueAt };
    pending.set(roomId, fresh);
    arm(roomId, dueAt, fresh);
  };
}
