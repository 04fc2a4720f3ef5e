/** Wilson score interval for k successes in n trials (z = 1.96 → 95%). */
export function wilson(k: number, n: number, z = 1.96): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) };
}

/** "k/n as a percentage [95% interval]" to one decimal: the simulators' table cells. */
export function pctWithInterval(k: number, n: number): string {
  const w = wilson(k, n);
  return `${((100 * k) / n).toFixed(1)}% [${(100 * w.low).toFixed(1)}, ${(100 * w.high).toFixed(1)}]`;
}
