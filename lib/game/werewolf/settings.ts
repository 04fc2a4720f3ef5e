// The werewolf lobby's settings (docs/api.md "Rooms": `{ ruleset, dayLength, classic }` beside the
// room's `mode`). The mode's own configSchema (config.ts) has the last word at start.
import { z } from "zod";
import type { ModeSettings } from "../core/platform";

export const DAY_LENGTH_MIN = 30;
export const DAY_LENGTH_MAX = 300;

const classicSchema = z.strictObject({
  roles: z.array(z.string().min(1).max(40)).max(20),
  sheriff: z.boolean(),
  tieRevote: z.boolean(),
  endAtParity: z.boolean(),
});

const schema = z.strictObject({
  ruleset: z.enum(["standard", "classic"]),
  dayLength: z.number().int().min(DAY_LENGTH_MIN).max(DAY_LENGTH_MAX),
  classic: classicSchema,
});

export type WerewolfSettings = z.infer<typeof schema>;

const patchSchema = z.strictObject({
  ruleset: schema.shape.ruleset.optional(),
  dayLength: schema.shape.dayLength.optional(),
  classic: classicSchema.partial().optional(),
});

export type WerewolfSettingsPatch = z.infer<typeof patchSchema>;

const defaults = (): WerewolfSettings => ({
  ruleset: "standard",
  dayLength: 120,
  classic: { roles: [], sheriff: false, tieRevote: false, endAtParity: false },
});

/** Stored settings (without `mode`) with defaults filled in (older rows may lack newer fields). */
function read(stored: Record<string, unknown>): WerewolfSettings {
  const base = defaults();
  const s = stored as Partial<WerewolfSettings>;
  const parsed = schema.safeParse({ ...base, ...s, classic: { ...base.classic, ...(s.classic ?? {}) } });
  return parsed.success ? parsed.data : base;
}

const merge = (current: WerewolfSettings, patch: WerewolfSettingsPatch): WerewolfSettings => ({
  ...current,
  ...Object.fromEntries(Object.entries(patch).filter(([k, v]) => k !== "classic" && v !== undefined)),
  classic: { ...current.classic, ...(patch.classic ?? {}) },
});

export const werewolfSettings: ModeSettings<WerewolfSettings> = {
  read,
  patchSchema,
  merge: (current, patch) => merge(current, patch as WerewolfSettingsPatch),
};
