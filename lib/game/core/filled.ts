/**
 * A list of `n` copies of `x`, built by pushing: `new Array(n).fill(x)` makes a holey array, whose
 * reads V8 checks for holes, and whose element kind differs from the same list read back from JSON.
 */
export function filled<T>(n: number, x: T): T[] {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(x);
  return out;
}
