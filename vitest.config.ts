import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "tests/**/*.test.ts", "scripts/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two files at a time (Vitest's default here would be one: 2 cores): most suites wait on a
    // database, a server or a timer, and the run takes ~13 min instead of ~20 (CI's limit is 45 min
    // with the browser suite after it).
    maxWorkers: 2,
    // In-process suites replay whole games at machine speed (view-sync reads every seat's view at
    // every step): the per-player request meters (issue 28 #8) are lifted; the tests of the meters
    // set their own (tests/api/security-http.test.ts).
    env: {
      MASOI_RATE_READS: "1000000/10",
      MASOI_RATE_TICKS: "1000000/10",
      MASOI_RATE_STREAMS: "1000000/10",
      MASOI_RATE_LOBBY: "1000000/10",
      MASOI_RATE_ROOMS: "1000000/600",
    },
  },
});
