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
  let [a, b, c, d] = r;
  a >>>= 0;
  b >>>= 0;
  c >>>= 0;
  d >>>= 0;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  r[0] = a >>> 0;
  r[1] = b >>> 0;
  r[2] = c >>> 0;
  r[3] = d >>> 0;
  return t >>> 0;
}

/** Uniform integer in [0, n) without modulo bias (rejection sampling). */
export function nextInt(r: RngState, n: number): number {
  if (n <= 1) return 0;
  const limit = 0x100000000 - (0x100000000 % n);
  for (;;) {
    const x = nextU32(r);
    if (x < limit) return x % n;
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
