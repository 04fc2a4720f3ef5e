// One core's speed, as a reference printed next to benchmark figures. Sessions run on machines
// whose cores differ by 3× (2026-11-30: the same engine build gave ~10,000 bot games/s on one and
// 3,303 on the next), so a figure means little without the machine it came from. This times a
// fixed integer loop (xorshift, no allocation, no memory traffic): nanoseconds per iteration, the
// best of five runs, so the machine's other work raises it less.
const ITERATIONS = 20_000_000;

function loop(seed: number): number {
  let x = seed | 1;
  for (let i = 0; i < ITERATIONS; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
  }
  return x;
}

/** Nanoseconds per iteration of the reference loop (lower is faster). */
export function referenceNs(): number {
  let best = Infinity;
  let sink = 0;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    sink ^= loop(run + 1);
    best = Math.min(best, performance.now() - t0);
  }
  // `sink` keeps the loop from being dropped as dead code.
  if (sink === 0.5) console.log(sink);
  return (best * 1e6) / ITERATIONS;
}

export const referenceLine = (ns: number): string =>
  `machine reference: ${ns.toFixed(2)} ns per iteration of a fixed integer loop (one core; lower is faster; compare figures across machines by it)`;
