// Room settings as the lobby edits them: `{ mode, ...the mode's own settings }` (docs/api.md
// "Rooms"). The platform knows only `mode`; the rest is the mode's (`settings` in its platform part,
// lib/game/core/platform.ts), and its configSchema has the last word at start (../games/mode.ts).
import { z } from "zod";
import { DEFAULT_MODE, getMode } from "../../game/modes";
import type { ModeSettings } from "../../game/core/platform";
import { modeOf } from "../games/mode";
import { parseWith } from "../http/parse";

export type Settings = { mode: string } & Record<string, unknown>;

/** The body of `PATCH /rooms/:code/settings`: a mode, and fields the mode's `patchSchema` checks. */
export const settingsPatchSchema = z.looseObject({ mode: z.string().min(1).max(40).optional() });

export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** A mode without settings of its own: the room stores its `mode` alone. */
const NO_SETTINGS: ModeSettings = { read: () => ({}), patchSchema: z.strictObject({}), merge: (current) => current };

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** The mode's own fields of some settings (all but `mode`). */
const ownFields = (s: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(s).filter(([k]) => k !== "mode"));

/** The settings of `mode` read from `stored` (defaults filled in); a mode without settings has none. */
function settingsOf(mode: string, stored: Record<string, unknown>): Settings {
  return { mode, ...(getMode(mode)?.settings ?? NO_SETTINGS).read(ownFields(stored)) };
}

export const defaultSettings = (): Settings => settingsOf(DEFAULT_MODE, {});

/** Stored settings with defaults filled in (older rows may lack newer fields). */
export function readSettings(stored: unknown): Settings {
  const s = asRecord(stored);
  return typeof s.mode === "string" && getMode(s.mode) ? settingsOf(s.mode, s) : defaultSettings();
}

/**
 * `patch` applied to `current`: a new mode starts from its defaults. An unknown mode is 400
 * BAD_CONFIG; the mode's fields are checked by its `patchSchema` (400 BAD_REQUEST naming the field,
 * as for any body).
 */
export function mergeSettings(current: Settings, patch: SettingsPatch): Settings {
  const { mode = current.mode, ...fields } = patch;
  const own = modeOf(mode).settings ?? NO_SETTINGS;
  const base = ownFields(mode === current.mode ? current : settingsOf(mode, {}));
  return { mode, ...own.merge(base, parseWith(own.patchSchema, fields)) };
}
