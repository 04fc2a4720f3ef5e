import { nextInt, type RngState } from "./rng";

/** Fisher–Yates: a new array, every permutation equally likely. Mutates only `r`. */
export function shuffle<T>(r: RngState, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = nextInt(r, i + 1);
    const tmp = out[i];
    out[i] = out[j];
    out[j] = tmp;
  }
  return out;
}
