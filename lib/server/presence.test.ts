import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PRESENCE_GRACE_MS } from "../realtime/presence-grace";

// A fresh registry per test: it lives on globalThis, and its process start counts as a grace.
const KEY = Symbol.for("masoi.presence");
async function load(start: number) {
  delete (globalThis as Record<symbol, unknown>)[KEY];
  vi.setSystemTime(start);
  vi.resetModules();
  return import("./presence");
}

describe("presence grace (no false Offline right after joining or reloading)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const T0 = 1_000_000;
  const later = T0 + 10 * PRESENCE_GRACE_MS;

  it("a member who just joined counts as present before their stream opens; one who never connects is offline after the grace", async () => {
    const p = await load(T0);
    vi.setSystemTime(later);
    expect(p.isConnected("r", "u", later - 1_000)).toBe(true);
    expect(p.isConnected("r", "u", later - PRESENCE_GRACE_MS - 1)).toBe(false);
  });

  it("nobody is offline in the first seconds after a server start", async () => {
    const p = await load(T0);
    expect(p.isConnected("r", "u", 0, T0 + 1_000)).toBe(true);
    expect(p.isConnected("r", "u", 0, T0 + PRESENCE_GRACE_MS + 1)).toBe(false);
  });

  it("a reload (stream ends, a new one opens within the grace) never shows offline and signals nothing", async () => {
    const p = await load(T0);
    vi.setSystemTime(later);
    const notify = vi.fn();
    const release = p.markConnected("r", "u", notify);
    expect(notify).toHaveBeenCalledTimes(1); // back from offline: the host's badge must go
    notify.mockClear();
    release();
    expect(p.isConnected("r", "u", 0)).toBe(true);
    vi.advanceTimersByTime(1_000);
    const again = p.markConnected("r", "u", notify);
    vi.advanceTimersByTime(2 * PRESENCE_GRACE_MS);
    expect(notify).not.toHaveBeenCalled();
    expect(p.isConnected("r", "u", 0)).toBe(true);
    again();
  });

  it("a player who really left is offline once the grace is over, and the room is told so", async () => {
    const p = await load(T0);
    vi.setSystemTime(later);
    const notify = vi.fn();
    const release = p.markConnected("r", "u", notify);
    notify.mockClear();
    release();
    release(); // idempotent
    vi.advanceTimersByTime(PRESENCE_GRACE_MS - 100);
    expect(p.isConnected("r", "u", 0)).toBe(true);
    expect(notify).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(p.isConnected("r", "u", 0)).toBe(false);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it("two streams of one user: present until both end", async () => {
    const p = await load(T0);
    vi.setSystemTime(later);
    const a = p.markConnected("r", "u");
    const b = p.markConnected("r", "u");
    a();
    vi.advanceTimersByTime(3 * PRESENCE_GRACE_MS);
    expect(p.isConnected("r", "u", 0)).toBe(true);
    b();
    vi.advanceTimersByTime(3 * PRESENCE_GRACE_MS);
    expect(p.isConnected("r", "u", 0)).toBe(false);
  });

  it("offlineFor (host succession): 0 while a stream is open, then counted from its end, else from the join or the start", async () => {
    const p = await load(T0);
    expect(p.offlineFor("r", "never", T0 - 5_000, T0 + 40_000)).toBe(40_000);
    expect(p.offlineFor("r", "never", T0 + 10_000, T0 + 40_000)).toBe(30_000);
    vi.setSystemTime(later);
    const release = p.markConnected("r", "h");
    expect(p.offlineFor("r", "h", 0, later + 60_000)).toBe(0);
    release();
    expect(p.offlineFor("r", "h", 0, later + 31_000)).toBe(31_000);
    p.markConnected("r", "h");
    expect(p.offlineFor("r", "h", 0, later + 90_000)).toBe(0);
  });
});
