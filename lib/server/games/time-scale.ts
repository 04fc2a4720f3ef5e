// MASOI_TIME_SCALE multiplies every phase duration of games started afterwards (tests, demos):
// 0.05 turns a 60 s vote into 3 s. Unset or invalid → 1 (real time).
export function parseTimeScale(raw = readEnv("MASOI_TIME_SCALE")): number {
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(n) && n > 0 && n <= 100 ? n : 1;
}

function readEnv(name: string): string | undefined {
  // Works under Node and Deno (the edge function) without importing either runtime's types.
  const g = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return g.process?.env?.[name];
}
