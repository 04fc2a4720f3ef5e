// Runs an async refresh so that at most one is in flight and requests arriving meanwhile collapse
// into a single follow-up run: a burst of realtime signals costs at most two fetches.
export function coalesce(run: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const go = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await run().catch(() => undefined);
      } while (again);
    } finally {
      running = false;
    }
  };
  return () => void go();
}
