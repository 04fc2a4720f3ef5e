// Runs once per Next.js server process, before it serves requests (Next 16 instrumentation hook).
export async function register() {
  // The documented runtime guard: the edge build drops this branch, so it never bundles the
  // scheduler or the database drivers (the edge runtime has neither Node timers nor sockets).
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startProcessScheduler } = await import("./lib/server/scheduler");
    // Not awaited: opening the embedded database must not hold back the first request; a deadline
    // that passed while the server was down is advanced as soon as the database is open.
    void startProcessScheduler();
    // The API routes server.ts answers without Next.js's request handling (direct-routes.ts).
    if (process.env.MASOI_DIRECT_ROUTES !== "1") return;
    const [{ installDirectRoutes }, { apiDirectRoutes }] = await Promise.all([
      import("./lib/server/http/direct-routes"),
      import("./lib/server/http/api-routes"),
    ]);
    installDirectRoutes(apiDirectRoutes());
  }
}
