/** The median of `xs` (the lower middle of an even count), as `median (min–max)` with `unit` after the median. */
export function medianRange(xs: readonly number[], unit = ""): string {
  const sorted = [...xs].sort((a, b) => a - b);
  return `${median(sorted)}${unit} (${sorted[0]}–${sorted[sorted.length - 1]})`;
}

/** The lower middle value of `xs` (the median of an odd count). */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
