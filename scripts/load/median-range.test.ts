import { describe, expect, it } from "vitest";
import { median, medianRange } from "./median-range";

describe("median and range of a benchmark's runs", () => {
  it("takes the middle run of an odd count, whatever the order", () => {
    expect(median([9.3, 7.6, 11.8])).toBe(9.3);
    expect(medianRange([10.3, 7.6, 11.8], " ms")).toBe("10.3 ms (7.6–11.8)");
  });
  it("takes the lower middle of an even count: a figure one of the runs had", () => {
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(medianRange([5])).toBe("5 (5–5)");
  });
});
