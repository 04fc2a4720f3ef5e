// Issue 24 item 4: no import circles inside lib/game (type-only imports included: a circle of types
// is still two files that cannot be read one without the other).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Each source file's imports of other files inside lib/game, by path relative to it. */
export function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(ROOT)) {
    const text = readFileSync(file, "utf8");
    const deps = [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.{1,2}\/[^"]+)"/gms)].map((m) => resolve(dirname(file), m[1]) + ".ts");
    graph.set(relative(ROOT, file), deps.filter((d) => d.startsWith(ROOT)).map((d) => relative(ROOT, d)));
  }
  return graph;
}

/** Every circle of the graph, each once, as the files on it. */
export function cycles(graph: Map<string, string[]>): string[][] {
  const found = new Map<string, string[]>();
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, "open");
    stack.push(f);
    for (const d of graph.get(f) ?? []) {
      if (state.get(d) === "open") {
        const circle = stack.slice(stack.indexOf(d));
        found.set([...circle].sort().join(" "), circle);
      } else if (!state.has(d)) visit(d);
    }
    stack.pop();
    state.set(f, "done");
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return [...found.values()];
}

describe("lib/game imports", () => {
  it("every relative import names a file of lib/game that exists", () => {
    const graph = importGraph();
    for (const [file, deps] of graph) for (const d of deps) expect(graph.has(d), `${file} → ${d}`).toBe(true);
  });

  it("the check finds a circle when there is one", () => {
    expect(cycles(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]]]))).toEqual([["a", "b", "c"]]);
  });

  it("issue 24 item 4: no import circles inside lib/game", () => {
    expect(cycles(importGraph()).map((c) => c.join(" → "))).toEqual([]);
  });
});
