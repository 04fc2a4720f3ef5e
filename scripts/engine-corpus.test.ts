// P-5 over the corpus (scripts/engine-corpus.ts): every seeded game plays exactly as recorded.
import { describe, expect, it } from "vitest";
import { GROUPS, chunkDigests, corpusDigests, recordedDigests } from "./engine-corpus";

describe("engine corpus", () => {
  it("P-5: every game of the corpus gives the recorded events, refusals, views and end", () => {
    const recorded = recordedDigests();
    const now = corpusDigests();
    const differing = Object.entries(now).flatMap(([group, list]) => list.flatMap((d, chunk) => (recorded[group]?.[chunk] === d ? [] : [`${group}, chunk ${chunk}`])));
    // A change meant to alter play re-records (`npx tsx scripts/engine-corpus.ts --update`); any
    // other change must leave every chunk as it was.
    expect(differing).toEqual([]);
    expect(Object.keys(recorded).sort()).toEqual(Object.keys(GROUPS).sort());
  });

  it("P-5: a game's digest does not depend on the games played before it (the engine's caches)", () => {
    const forward = chunkDigests("random classic", 0).slice(0, 30);
    // The same games again, in reverse order, after games of another ruleset.
    chunkDigests("bots standard 8", 0);
    const backward: string[] = [];
    for (let i = 29; i >= 0; i--) backward.unshift(GROUPS["random classic"].play(i + 1));
    expect(backward).toEqual(forward);
    expect(new Set(forward).size).toBe(30);
  });
});
