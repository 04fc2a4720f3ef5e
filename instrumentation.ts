// Runs once per Next.js server process, before it serves requests (Next 16 instrumentation hook).
export async function register() {
  // The documented runtime guard: the edge build drops this branch, so it never bundles the
  // scheduler or the database drivers (the edge runtime has neither Node timers nor sockets).
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startProcessScheduler } = await import("./lib/server/scheduler");
    // Not awaited: opening the embedded database must not hold back the first request; a deadline
    // that passed while the server was down is advanced as soon as the database is open.
    void startProcessScheduler();
  }
}
