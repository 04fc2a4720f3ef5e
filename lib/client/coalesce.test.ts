import { describe, expect, it } from "vitest";
import { coalesce } from "./coalesce";

describe("coalesce", () => {
  it("collapses calls made during a run into one follow-up run", async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const refresh = coalesce(() => {
      runs++;
      return new Promise<void>((r) => (release = r));
    });
    refresh();
    refresh();
    refresh();
    expect(runs).toBe(1);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toBe(2);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toBe(2);
  });
});
