/**
 * A list of `n` copies of `x`, built by pushing: `new Array(n).fill(x)` makes a holey array, whose
 * reads V8 checks for holes, and whose element kind differs from the same list read back from JSON.
 */
export function filled<T>(n: number, x: T): T[] {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(x);
  return out;
}

/**
 * Sets every element of `a` to `x`. A loop rather than `Array.prototype.fill`: the builtin is a
 * call the optimizer does not inline, and costs more than the loop on the short per-seat lists it
 * clears at every step.
 */
export function fillAll<T>(a: T[], x: T): void {
  for (let i = 0; i < a.length; i++) a[i] = x;
}
