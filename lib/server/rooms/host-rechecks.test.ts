// Host re-checks are coalesced per room without ever being delayed (host-rechecks.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createRechecks } from "./host-rechecks";

describe("host re-checks", () => {
  beforeEach(() => void vi.useFakeTimers({ now: 0 }));
  afterEach(() => void vi.useRealTimers());

  it("W-ROOM-4: asks for one room at once make one look, at the asked time", () => {
    const looks: [string, number][] = [];
    const ask = createRechecks((room) => looks.push([room, Date.now()]));
    for (let i = 0; i < 9; i++) ask("r1", 30_500);
    ask("r2", 30_500);
    vi.advanceTimersByTime(30_499);
    expect(looks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(looks).toEqual([
      ["r1", 30_500],
      ["r2", 30_500],
    ]);
    vi.advanceTimersByTime(100_000);
    expect(looks).toHaveLength(2);
  });

  it("W-ROOM-4: a later ask never delays the pending look, and adds one look at its own time", () => {
    const looks: number[] = [];
    const ask = createRechecks(() => looks.push(Date.now()));
    ask("r", 30_500);
    vi.advanceTimersByTime(10_000);
    ask("r", 40_500);
    ask("r", 35_000);
    vi.advanceTimersByTime(100_000);
    expect(looks).toEqual([30_500, 40_500]);
    // Once done, a new ask starts afresh.
    ask("r", Date.now() + 30_500);
    vi.advanceTimersByTime(30_500);
    expect(looks).toHaveLength(3);
  });
});
