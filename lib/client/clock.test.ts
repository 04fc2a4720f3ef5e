import { describe, expect, it } from "vitest";
import { createServerClock, formatClock, secondsLeft } from "./clock";

describe("server clock (S-FLOW-5: countdown from the server deadline)", () => {
  it("S-FLOW-5: never estimates the server ahead of itself, whatever the latency", () => {
    const clock = createServerClock();
    // true offset is +10 000 ms; a request sent at local 100 returns at local 400 (300 ms RTT),
    // the server stamped it at some moment in between (local 250 → server 10 250).
    clock.sample(10_250, 400);
    const est = clock.now(1000)!;
    expect(est).toBeLessThanOrEqual(11_000);
    expect(est).toBeGreaterThanOrEqual(11_000 - 300);
  });

  it("S-FLOW-5: a faster sample tightens the estimate, a slower one does not loosen it", () => {
    const clock = createServerClock();
    clock.sample(10_250, 400); // lower bound 9 850
    clock.sample(10_990, 1000); // lower bound 9 990 (10 ms after stamp)
    expect(clock.now(2000)).toBe(11_990);
    clock.sample(11_000, 2000); // slow response: lower bound 9 000 is ignored
    expect(clock.now(2000)).toBe(11_990);
  });

  it("S-FLOW-5: shows 0 only after the deadline has passed", () => {
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 9_999)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
    expect(formatClock(65)).toBe("1:05");
  });
});
