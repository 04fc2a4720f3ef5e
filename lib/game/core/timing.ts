// Phase timing. Rules state durations in seconds; `timeScale` lets tests and the simulator run the
// same schedule faster without touching the rules.

/** Absolute deadline (ms) of a phase of `seconds` starting at `now`. */
export function deadlineAfter(now: number, seconds: number, timeScale = 1): number {
  return now + Math.max(1, Math.round(seconds * 1000 * timeScale));
}

/** A phase is due once its deadline has been reached; untimed phases (null) never are. */
export function isDue(deadline: number | null, now: number): boolean {
  return deadline !== null && now >= deadline;
}
