// Scenario CLI (../shared/scenario-format.md): validates a scenario file, runs its script through
// the pure engine (no server, no database) and prints one JSON object. Exit 0 when the file was
// valid and ran (refused actions included), 2 when the file itself is invalid.
//
// `npm run scenario -- file.json [--update]`: with --update the output is also written next to the
// file as `<name>.expected.json` (tests/scenarios/scenarios.test.ts compares against it).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { getMode, type AnyGameMode } from "../lib/game/modes";
import type { GameEvent, PlayerId } from "../lib/game/core/types";

/** Scenario time starts here (2025-01-01T00:00:00Z) so outputs are stable. */
export const EPOCH = Date.UTC(2025, 0, 1);
/** `advance`/`wait` never loop forever on a mode whose deadlines do not move. */
const MAX_ADVANCES_PER_STEP = 10_000;

const playerId = z.string().min(1).max(100);

const stepSchema = z.union([
  z.object({ as: playerId, do: z.unknown() }).strict(),
  z.object({ advance: z.literal(true) }).strict(),
  z.object({ wait: z.number().nonnegative().max(86_400) }).strict(),
]);

/**
 * The file's shape. `rules`, `description` and `host` are this repo's additive fields
 * (docs/scenarios.md): which rule ids the scenario proves and what it shows (neither changes the
 * run), and who hosts the table (`ctx.hostId`, default the first player: a mode's host powers).
 */
export const scenarioSchema = z
  .object({
    mode: z.string().min(1),
    ruleset: z.string().min(1).optional(),
    seed: z.number().int().min(0).max(0xffffffff),
    players: z.array(playerId).min(1).max(100),
    roles: z.record(z.string(), z.string()).optional(),
    options: z.record(z.string(), z.unknown()).optional(),
    host: playerId.optional(),
    script: z.array(stepSchema),
    rules: z.array(z.string().min(1)).optional(),
    description: z.string().optional(),
  })
  .strict();

export type Scenario = z.infer<typeof scenarioSchema>;

export interface ScenarioOutput {
  phase: string;
  day: number;
  alive: Record<PlayerId, boolean>;
  winner: string | null;
  events: GameEvent[];
  errors: { step: number; code: string; message: string }[];
}

export type RunResult = { ok: true; output: ScenarioOutput } | { ok: false; problem: string };

const bad = (problem: string): RunResult => ({ ok: false, problem });

function describeZod(e: z.ZodError): string {
  return e.issues.map((i) => `${i.path.length ? i.path.join(".") : "(file)"}: ${i.message}`).join("; ");
}

/** Finds a mode by id: the registry, or (tests) one mode alone. */
export type ModeLookup = (id: string) => AnyGameMode | null;

/** Checks everything about the file that is not an action's legality; returns the parsed parts. */
function validate(raw: unknown, lookup: ModeLookup): { file: Scenario; mode: AnyGameMode; config: unknown } | string {
  const parsed = scenarioSchema.safeParse(raw);
  if (!parsed.success) return `bad shape: ${describeZod(parsed.error)}`;
  const file = parsed.data;
  const mode = lookup(file.mode);
  if (mode === null) return `unknown mode "${file.mode}"`;
  const seen = new Set<string>();
  for (const p of file.players) {
    if (seen.has(p)) return `player "${p}" is listed twice`;
    seen.add(p);
  }
  for (const [i, step] of file.script.entries()) {
    if ("as" in step && !seen.has(step.as)) return `script step ${i}: unknown player "${step.as}"`;
  }
  if (file.host !== undefined && !seen.has(file.host)) return `host: unknown player "${file.host}"`;
  if (file.roles) {
    for (const p of Object.keys(file.roles)) if (!seen.has(p)) return `roles: unknown player "${p}"`;
    for (const p of file.players) if (!Object.hasOwn(file.roles, p)) return `roles: no role for player "${p}"`;
  }
  const options = file.options ?? {};
  if (file.ruleset !== undefined && options.ruleset !== undefined && options.ruleset !== file.ruleset) {
    return `options.ruleset "${String(options.ruleset)}" contradicts ruleset "${file.ruleset}"`;
  }
  const config = mode.configSchema.safeParse(file.ruleset === undefined ? options : { ...options, ruleset: file.ruleset });
  if (!config.success) return `bad options: ${describeZod(config.error)}`;
  return { file, mode, config: config.data };
}

/** Runs a scenario (already JSON-parsed). Pure apart from the engine calls: no clock, no I/O. */
export function runScenario(raw: unknown, lookup: ModeLookup = getMode): RunResult {
  const v = validate(raw, lookup);
  if (typeof v === "string") return bad(v);
  const { file, mode, config } = v;
  const hostId = file.host ?? file.players[0];
  const start = mode.setup(config, file.players, { now: EPOCH, seed: file.seed }, file.roles);
  if (!start.ok) return bad(`illegal setup (${start.error.code}): ${start.error.message}`);
  let state = start.value.state;
  const events: GameEvent[] = [...start.value.events];
  const errors: ScenarioOutput["errors"] = [];
  let now = EPOCH;

  /** Advances every deadline reached by `until`, each at its own deadline time. */
  const advanceUntil = (until: number) => {
    for (let i = 0; i < MAX_ADVANCES_PER_STEP; i++) {
      const { deadline, ended } = mode.status(state);
      if (ended || deadline === null || deadline > until) break;
      now = Math.max(now, deadline);
      const step = mode.advance(state, { now, hostId });
      state = step.state;
      events.push(...step.events);
    }
    now = Math.max(now, until);
  };

  file.script.forEach((step, i) => {
    if ("as" in step) {
      const r = mode.act(state, step.as, step.do as { type: string }, { now, hostId });
      if (r.ok) {
        state = r.value.state;
        events.push(...r.value.events);
      } else errors.push({ step: i, code: r.error.code, message: r.error.message });
    } else if ("advance" in step) {
      const { deadline, ended } = mode.status(state);
      if (!ended && deadline !== null) advanceUntil(Math.max(now, deadline));
    } else {
      advanceUntil(now + Math.round(step.wait * 1000));
    }
  });

  const status = mode.status(state);
  const alive: Record<PlayerId, boolean> = {};
  for (const seat of mode.seats(state)) alive[seat.player] = seat.alive;
  return { ok: true, output: { phase: status.phase, day: status.day, alive, winner: status.winner, events, errors } };
}

/** JSON with one event or error per line: valid JSON, and readable when reviewing expected files. */
export function formatOutput(o: ScenarioOutput): string {
  const lines = (xs: unknown[]) => (xs.length === 0 ? "[]" : `[\n${xs.map((x) => `    ${JSON.stringify(x)}`).join(",\n")}\n  ]`);
  return [
    "{",
    `  "phase": ${JSON.stringify(o.phase)},`,
    `  "day": ${o.day},`,
    `  "alive": ${JSON.stringify(o.alive)},`,
    `  "winner": ${JSON.stringify(o.winner)},`,
    `  "events": ${lines(o.events)},`,
    `  "errors": ${lines(o.errors)}`,
    "}",
    "",
  ].join("\n");
}

export const expectedPathOf = (file: string): string => file.replace(/\.json$/, "") + ".expected.json";

function main(argv: string[]): number {
  const update = argv.includes("--update");
  const files = argv.filter((a) => a !== "--update" && a !== "--");
  if (files.length !== 1) {
    process.stderr.write("usage: npm run scenario -- path/to/scenario.json [--update]\n");
    return 2;
  }
  const path = files[0];
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    process.stderr.write(`${path}: cannot read JSON: ${(e as Error).message}\n`);
    return 2;
  }
  const r = runScenario(raw);
  if (!r.ok) {
    process.stderr.write(`${path}: invalid scenario: ${r.problem}\n`);
    return 2;
  }
  const text = formatOutput(r.output);
  process.stdout.write(text);
  if (update) writeFileSync(expectedPathOf(path), text);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.slice(2));
