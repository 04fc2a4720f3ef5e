// The self-hosted server (`npm start`, the tests, bench:load): Next.js behind Node's own HTTP
// server, which answers the requests a game makes most (an action, the realtime stream) with the
// same route handlers but without Next.js's per-request machinery (lib/server/http/direct-routes.ts).
// Run by Node 24 as it is (type stripping): `node server.ts [-p PORT] [-H HOST] [--dev]`.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import next from "next";

type DirectServe = (req: IncomingMessage, res: ServerResponse) => boolean;

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

const dev = process.argv.includes("--dev");
const port = Number(flag("-p") ?? process.env.PORT ?? 3000);
const hostname = flag("-H") ?? process.env.HOSTNAME;

// Tells instrumentation.ts to install the direct routes (nothing else would read them).
process.env.MASOI_DIRECT_ROUTES = "1";
const app = next({ dev, port, hostname: hostname ?? "localhost" });
const nextHandler = app.getRequestHandler();
await app.prepare();
// Installed by instrumentation.ts once Next.js has loaded it; until then Next.js answers everything.
const KEY = Symbol.for("masoi.directRoutes");
const direct = (): DirectServe | undefined => (globalThis as Record<symbol, DirectServe | undefined>)[KEY];

const server = createServer((req, res) => {
  if (direct()?.(req, res)) return;
  void nextHandler(req, res);
});
if (dev) server.on("upgrade", app.getUpgradeHandler());
server.listen(port, hostname, () => {
  console.log(`▲ Ma Sói ready on http://${hostname ?? "localhost"}:${port}`);
});

// As `next start` does: stop taking requests, end the open streams (their clients reconnect), then
// exit with the signal's code. Node writes a --cpu-prof profile on this exit.
let stopping = false;
for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    void app.close().catch(console.error).finally(() => process.exit(code));
  });
}
