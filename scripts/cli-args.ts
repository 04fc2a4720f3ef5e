// Tiny flag parser shared by the simulator and the benchmark: `--name value`, `--flag`, `--a=b`.
export type Flags = Record<string, string | true>;

export function parseFlags(argv: readonly string[]): Flags {
  const out: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("--") || a === "--") continue;
    const eq = a.indexOf("=");
    if (eq > 0) out[a.slice(2, eq)] = a.slice(eq + 1);
    else if (i + 1 < argv.length && !argv[i + 1].startsWith("--")) out[a.slice(2)] = argv[++i];
    else out[a.slice(2)] = true;
  }
  return out;
}

export function intFlag(flags: Flags, name: string, fallback: number): number {
  const v = flags[name];
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer`);
  return n;
}

/** A per-mode simulator's flags: --games, --from/--to (player counts), --seed (of the first game). */
export function simulatorFlags(flags: Flags, from: number): { games: number; from: number; to: number; seed0: number } {
  return { games: intFlag(flags, "games", 1000), from: intFlag(flags, "from", from), to: intFlag(flags, "to", 12), seed0: intFlag(flags, "seed", 1) };
}

/** Werewolf room settings from flags: --ruleset, --roles a,b, --sheriff, --tie-revote, --end-at-parity. */
export function werewolfOptions(flags: Flags): Record<string, unknown> {
  const roles = typeof flags.roles === "string" ? flags.roles.split(",").filter(Boolean) : [];
  return {
    ruleset: typeof flags.ruleset === "string" ? flags.ruleset : "standard",
    roles,
    sheriff: flags.sheriff === true || flags.sheriff === "true",
    tieRevote: flags["tie-revote"] === true || flags["tie-revote"] === "true",
    endAtParity: flags["end-at-parity"] === true || flags["end-at-parity"] === "true",
  };
}
