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
 * Sets every flag of `a` to `x`. A loop rather than `Array.prototype.fill`: the builtin is a call
 * the optimizer does not inline, and costs more than the loop on the short per-seat lists it clears
 * at every step. One function per element type (`fillNumbers`): the optimizer specializes a
 * function for the kinds of list it has seen, and one loop for lists of flags and of numbers
 * checked the kind of list at every element (3% of a bot game's instructions).
 */
export function fillFlags(a: boolean[], x: boolean): void {
  for (let i = 0; i < a.length; i++) a[i] = x;
}

/** Sets every element of `a` to `x` (see `fillFlags`). */
export function fillNumbers(a: number[], x: number): void {
  for (let i = 0; i < a.length; i++) a[i] = x;
}
