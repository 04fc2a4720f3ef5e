// Issue 24 item 5: a second mode needs no edit outside its folder, the registry and its UI. So the
// platform's code (server, realtime, edge function, client helpers, shared UI) reaches the werewolf
// mode only through the registry (lib/game/modes.ts): this lists every import of the mode's folders
// from outside the places that are the mode's own, and fails on one it does not know.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");
/** Production code: tests, scripts (the engine's own tools) and e2e drivers are not the platform. */
const SCANNED = ["app", "components", "lib", "supabase/functions", "proxy.ts", "instrumentation.ts"];
const MODE_FOLDERS = ["lib/game/werewolf/"];

/** Where werewolf may be imported: the mode itself, the registries, its client helpers and its UI. */
const ALLOWED: RegExp[] = [
  /^lib\/game\/werewolf\//,
  /^lib\/game\/modes\.ts$/,
  /^components\/modes\.tsx$/,
  /^lib\/client\/werewolf\//,
  /^components\/game\//,
  /^components\/history\/game-results-page\.tsx$/,
  /^components\/lobby\/(settings-form\.tsx|player-counts\.ts)$/,
];

function sources(path: string): string[] {
  const abs = join(ROOT, path);
  if (/\.(ts|tsx)$/.test(path)) return /\.test\.tsx?$/.test(path) ? [] : [path];
  let entries;
  try {
    entries = readdirSync(abs, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() || /\.(ts|tsx)$/.test(e.name) ? sources(join(path, e.name)) : []));
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

/** The repo-relative target of an import, or null for a package. */
function target(file: string, spec: string): string | null {
  if (spec.startsWith("@/")) return spec.slice(2);
  if (spec.startsWith(".")) return relative(ROOT, resolve(ROOT, dirname(file), spec));
  return null;
}

function modeImports(): string[] {
  const found: string[] = [];
  for (const file of SCANNED.flatMap(sources)) {
    const text = readFileSync(join(ROOT, file), "utf8");
    for (const m of text.matchAll(SPECIFIER)) {
      const to = target(file, m[1]);
      if (to && MODE_FOLDERS.some((f) => `${to}/`.startsWith(f))) found.push(`${file} -> ${to}`);
    }
  }
  return found;
}

describe("mode boundary (issue 24 item 5)", () => {
  it("the platform reaches the werewolf mode only through the registry", () => {
    const imports = modeImports();
    // The scan sees the registry's own imports: a scan that finds nothing would prove nothing.
    expect(imports).toContain("lib/game/modes.ts -> lib/game/werewolf/mode");
    const outside = imports.filter((i) => !ALLOWED.some((a) => a.test(i.split(" -> ")[0])));
    expect(outside).toEqual([]);
  });

  it("the server, realtime and the edge function import no mode at all", () => {
    const platform = modeImports().filter((i) => /^(lib\/server|lib\/realtime|lib\/db|lib\/auth|app\/api|supabase\/functions)\//.test(i));
    expect(platform).toEqual([]);
  });
});
