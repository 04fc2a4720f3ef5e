// Room settings as the lobby edits them. Platform-level shape here; the mode's own configSchema
// has the last word (`configFor` in ../games/config.ts).
import { z } from "zod";

export const DAY_LENGTH_MIN = 30;
export const DAY_LENGTH_MAX = 300;

const classicSchema = z.strictObject({
  roles: z.array(z.string().min(1).max(40)).max(20),
  sheriff: z.boolean(),
  tieRevote: z.boolean(),
  endAtParity: z.boolean(),
});

export const settingsSchema = z.strictObject({
  mode: z.string().min(1).max(40),
  ruleset: z.enum(["standard", "classic"]),
  dayLength: z.number().int().min(DAY_LENGTH_MIN).max(DAY_LENGTH_MAX),
  classic: classicSchema,
});

export type Settings = z.infer<typeof settingsSchema>;

export const settingsPatchSchema = z.strictObject({
  mode: settingsSchema.shape.mode.optional(),
  ruleset: settingsSchema.shape.ruleset.optional(),
  dayLength: settingsSchema.shape.dayLength.optional(),
  classic: classicSchema.partial().optional(),
});

export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export const defaultSettings = (): Settings => ({
  mode: "werewolf",
  ruleset: "standard",
  dayLength: 120,
  classic: { roles: [], sheriff: false, tieRevote: false, endAtParity: false },
});

/** Stored settings with defaults filled in (older rows may lack newer fields). */
export function readSettings(stored: unknown): Settings {
  const base = defaultSettings();
  const s = (stored && typeof stored === "object" ? stored : {}) as Partial<Settings>;
  const merged = { ...base, ...s, classic: { ...base.classic, ...(s.classic ?? {}) } };
  const parsed = settingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : base;
}

export const mergeSettings = (current: Settings, patch: SettingsPatch): Settings => ({
  ...current,
  ...Object.fromEntries(Object.entries(patch).filter(([k, v]) => k !== "classic" && v !== undefined)),
  classic: { ...current.classic, ...(patch.classic ?? {}) },
});
