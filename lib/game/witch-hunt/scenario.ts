// Scenario files for this mode (../shared/scenario-format.md, docs/scenarios.md), run in-process
// until the mode is registered in lib/game/modes.ts (then `npm run scenario` runs them as is).
// One additive field: `host` (default: the first player) — who may mark players Absent.
import { z } from "zod";
// Types only (no runtime import of the CLI): the output is exactly `npm run scenario`'s.
import type { RunResult, ScenarioOutput } from "../../../scripts/scenario";
import type { GameEvent, PlayerId } from "../core/types";
import { configSchema } from "./config";
import { witchHunt } from "./mode";
import type { WitchHuntAction } from "./types";

/** Scenario time starts at 2025-01-01T00:00:00Z, as for every mode. */
export const EPOCH = Date.UTC(2025, 0, 1);
const MAX_ADVANCES_PER_STEP = 10_000;
const playerId = z.string().min(1).max(100);

export const witchHuntScenarioSchema = z
  .object({
    mode: z.literal("witch-hunt"),
    seed: z.number().int().min(0).max(0xffffffff),
    players: z.array(playerId).min(1).max(100),
    roles: z.record(z.string(), z.string()).optional(),
    options: z.record(z.string(), z.unknown()).optional(),
    host: playerId.optional(),
    script: z.array(
      z.union([
        z.object({ as: playerId, do: z.unknown() }).strict(),
        z.object({ advance: z.literal(true) }).strict(),
        z.object({ wait: z.number().nonnegative().max(86_400) }).strict(),
      ]),
    ),
    rules: z.array(z.string().min(1)).optional(),
    description: z.string().optional(),
  })
  .strict();

export type { RunResult, ScenarioOutput };

export function runWitchHuntScenario(raw: unknown): RunResult {
  const parsed = witchHuntScenarioSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, problem: `bad shape: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}` };
  const file = parsed.data;
  const config = configSchema.safeParse(file.options ?? {});
  if (!config.success) return { ok: false, problem: "bad options" };
  const host = file.host ?? file.players[0];
  const start = witchHunt.setup(config.data, file.players, { now: EPOCH, seed: file.seed }, file.roles);
  if (!start.ok) return { ok: false, problem: `illegal setup (${start.error.code}): ${start.error.message}` };
  let state = start.value.state;
  const events: GameEvent[] = [...start.value.events];
  const errors: ScenarioOutput["errors"] = [];
  let now = EPOCH;
  const advanceUntil = (until: number) => {
    for (let i = 0; i < MAX_ADVANCES_PER_STEP; i++) {
      const { deadline, ended } = witchHunt.status(state);
      if (ended || deadline === null || deadline > until) break;
      now = Math.max(now, deadline);
      const step = witchHunt.advance(state, { now, hostId: host });
      state = step.state;
      events.push(...step.events);
    }
    now = Math.max(now, until);
  };
  file.script.forEach((step, i) => {
    if ("as" in step) {
      const r = witchHunt.act(state, step.as, step.do as WitchHuntAction, { now, hostId: host });
      if (r.ok) {
        state = r.value.state;
        events.push(...r.value.events);
      } else errors.push({ step: i, code: r.error.code, message: r.error.message });
    } else if ("advance" in step) {
      const { deadline, ended } = witchHunt.status(state);
      if (!ended && deadline !== null) advanceUntil(Math.max(now, deadline));
    } else advanceUntil(now + Math.round(step.wait * 1000));
  });
  const status = witchHunt.status(state);
  const alive: Record<PlayerId, boolean> = {};
  for (const seat of witchHunt.seats(state)) alive[seat.player] = seat.alive;
  return { ok: true, output: { phase: status.phase, day: status.day, alive, winner: status.winner, events, errors } };
}
