// Server clock estimate for countdowns. A response stamped `serverNow` left the server somewhere
// between our request and its arrival, so `serverNow - receivedAt` is a lower bound of the offset
// (server − local). Keeping the largest lower bound seen means the estimate is never ahead of the
// server: a countdown may end up to one round-trip late, but never reaches zero before the
// server's deadline. A monotonic local clock keeps wall-clock jumps out of it.

export interface ServerClock {
  /** Record one `serverNow` sample, read at local monotonic time `receivedAt` (performance.now()). */
  sample(serverNow: number, receivedAt?: number): void;
  /** Estimated server time now (ms epoch), or null before the first sample. */
  now(localNow?: number): number | null;
}

export function createServerClock(): ServerClock {
  let offset: number | null = null;
  return {
    sample(serverNow, receivedAt = performance.now()) {
      const lower = serverNow - receivedAt;
      if (offset === null || lower > offset) offset = lower;
    },
    now(localNow = performance.now()) {
      return offset === null ? null : localNow + offset;
    },
  };
}

/** Remaining whole seconds until `deadline`, rounded up so "0" shows only once it has passed. */
export function secondsLeft(deadline: number, serverNow: number): number {
  return Math.max(0, Math.ceil((deadline - serverNow) / 1000));
}

export function formatClock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${s.toString().padStart(2, "0")}`;
}
