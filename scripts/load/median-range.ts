const sortedOf = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
/** The lower middle of an already sorted list. */
const middle = (sorted: readonly number[]) => sorted[Math.floor((sorted.length - 1) / 2)];

/** The median of `xs` (the lower middle of an even count), as `median (min–max)` with `unit` after the median. */
export function medianRange(xs: readonly number[], unit = ""): string {
  const sorted = sortedOf(xs);
  return `${middle(sorted)}${unit} (${sorted[0]}–${sorted[sorted.length - 1]})`;
}

/** The lower middle value of `xs` (the median of an odd count). */
export const median = (xs: readonly number[]): number => middle(sortedOf(xs));
