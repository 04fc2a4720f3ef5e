// Seeded PRNG (sfc32). Its whole state is four uint32s kept inside the game state as plain JSON,
// so a game replays exactly from its seed and inputs (P-5) and survives a server restart.

/** Four uint32 words; plain JSON so it lives inside the stored game state. */
export type RngState = [number, number, number, number];

/** Expands a 32-bit seed into a well-mixed state (warm-up rounds spread the seed bits). */
export function seedRng(seed: number): RngState {
  const r: RngState = [0x9e3779b9, 0x243f6a88, 0xb7e15162, seed >>> 0];
  for (let i = 0; i < 15; i++) nextU32(r);
  return r;
}

/**
 * Next uint32. Mutates `r`: callers own a fresh copy (`[...state.rng]`) for the duration of one
 * engine step and store it back in the new state, so earlier states are never touched.
 */
export function nextU32(r: RngState): number {
  // Indexed reads, not `let [a, b, c, d] = r`: the destructuring cost more than the arithmetic.
  const a = r[0] >>> 0;
  const b = r[1] >>> 0;
  const c = r[2] >>> 0;
  const d = r[3] >>> 0;
  const t = (((a + b) | 0) + d) | 0;
  r[0] = (b ^ (b >>> 9)) >>> 0;
  r[1] = (c + (c << 3)) >>> 0;
  r[2] = ((((c << 21) | (c >>> 11)) + t) | 0) >>> 0;
  r[3] = (d + 1) >>> 0;
  return t >>> 0;
}

/**
 * `x % n` for a uint32 `x` and 1 ≤ n ≤ 2^32, by division: `%` on numbers past int32 is a floating
 * modulo, a library call on the bots' hottest path. Exact: the quotient's rounding error is far
 * below 1/n, and every product stays below 2^53.
 */
const modU32 = (x: number, n: number): number => x - Math.floor(x / n) * n;

/**
 * The last range asked for, its rejection bound and its reciprocal (bots draw from the same few
 * ranges in a row), in a typed array: in module variables a bound past 2^31 and a fraction are
 * heap numbers, so each new range allocated two and recorded both for the collector.
 */
const last = new Float64Array(3);

/** Uniform integer in [0, n) without modulo bias (rejection sampling). */
export function nextInt(r: RngState, n: number): number {
  if (n <= 1) return 0;
  if (n !== last[0]) {
    last[0] = n;
    last[1] = 0x100000000 - modU32(0x100000000, n);
    last[2] = 1 / n;
  }
  const limit = last[1];
  const inverse = last[2];
  for (;;) {
    const x = nextU32(r);
    if (x < limit) {
      // x % n by a multiplication: the quotient it gives is exact or one too small (its error is
      // far below 1/n), which the remainder shows. A division costs several multiplications.
      const rest = x - Math.floor(x * inverse) * n;
      return rest >= n ? rest - n : rest;
    }
  }
}

/** True with probability num/den. */
export function chance(r: RngState, num: number, den: number): boolean {
  return nextInt(r, den) < num;
}

/** A uniformly chosen element of a non-empty list. */
export function pick<T>(r: RngState, items: readonly T[]): T {
  return items[nextInt(r, items.length)];
}
