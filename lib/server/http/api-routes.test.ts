// The direct routes' table is the app's API: every route file under app/api, with every method it
// exports, matched by a pattern that takes the same paths Next.js's router gives that file.
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { API_ROUTES, apiDirectRoutes, routePattern } from "./api-routes";
import { acceptsGzip } from "./direct-routes";

const ROOT = join(__dirname, "..", "..", "..");
const API = join(ROOT, "app", "api");

/** `app/api/games/[id]/view/route.ts` → `/api/games/[id]/view`; the catch-all 404 is Next.js's. */
function routeFiles(dir = API): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("[...") ? [] : routeFiles(path);
    return entry.name === "route.ts" ? [`/${relative(join(ROOT, "app"), dir).split(sep).join("/")}`] : [];
  });
}

const METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE"] as const;

describe("the API's direct routes", () => {
  it("list every route file under app/api, each once, as the module Next.js routes to", async () => {
    const files = routeFiles().sort();
    expect(API_ROUTES.map(([route]) => route).sort()).toEqual(files);
    for (const [route, module] of API_ROUTES) {
      expect(module, route).toBe(await import(join(ROOT, "app", ...route.split("/").filter(Boolean), "route.ts")));
    }
  });

  it("install every method each route exports, and nothing else", () => {
    const installed = apiDirectRoutes().map((r) => `${r.method} ${r.path.source}`).sort();
    const exported = API_ROUTES.flatMap(([route, module]) =>
      METHODS.filter((m) => typeof (module as Record<string, unknown>)[m] === "function").map((m) => `${m} ${routePattern(route).source}`),
    ).sort();
    expect(installed).toEqual(exported);
    expect(installed).toContain(`POST ${routePattern("/api/games/[id]/actions").source}`);
    expect(installed).toContain(`PATCH ${routePattern("/api/rooms/[code]/settings").source}`);
    expect(installed).toContain(`DELETE ${routePattern("/api/rooms/[code]/bots/[userId]").source}`);
  });

  it("match a dynamic segment as Next.js does: one whole segment, named as its folder", () => {
    const bot = routePattern("/api/rooms/[code]/bots/[userId]");
    expect(bot.exec("/api/rooms/ABC123/bots/u-1")?.groups).toEqual({ code: "ABC123", userId: "u-1" });
    expect(bot.test("/api/rooms/ABC123/bots/u-1/")).toBe(false);
    expect(bot.test("/api/rooms/A/B/bots/u-1")).toBe(false);
    expect(routePattern("/api/games/[id]").test("/api/games/g1/view")).toBe(false);
    expect(routePattern("/api/rooms").test("/api/roomsX")).toBe(false);
  });

  it("gzip only for a client that takes it", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false); // named, gzip's own weight counts
    expect(acceptsGzip("br, *;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
