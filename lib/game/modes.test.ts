import { describe, expect, it } from "vitest";
import { getMode, modes } from "./modes";

describe("mode registry", () => {
  it("finds the werewolf mode by id and nothing else", () => {
    expect(getMode("werewolf")).toBe(modes.werewolf);
    expect(getMode("werewolf")!.id).toBe("werewolf");
    expect(getMode("chess")).toBeNull();
    expect(getMode("toString")).toBeNull();
  });
});
