// The browser suites' servers start from the shared test build (`.next-test`, tests/support/server.ts):
// built here unless a fresh one exists, so a run of every suite builds the app once, not twice.
import { ensureBuild } from "./server";

await ensureBuild();
