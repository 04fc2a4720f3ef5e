// The Catch-the-Witch lobby's settings (docs/api.md "Rooms"): `{ timed }` beside the room's `mode`,
// WH-P8's "Time limit" switch (off by default). The mode's configSchema (config.ts) has the last word
// at start; the time scale is the deployment's, never the host's.
import { z } from "zod";
import type { ModeSettings } from "../core/platform";

const schema = z.strictObject({ timed: z.boolean() });

export type WitchHuntSettings = z.infer<typeof schema>;

const patchSchema = z.strictObject({ timed: z.boolean().optional() });

/** Stored settings (without `mode`) with the default filled in. */
function read(stored: Record<string, unknown>): WitchHuntSettings {
  const parsed = schema.safeParse({ timed: stored.timed ?? false });
  return parsed.success ? parsed.data : { timed: false };
}

export const witchHuntSettings: ModeSettings<WitchHuntSettings> = {
  read,
  patchSchema,
  merge: (current, patch) => ({ timed: typeof patch.timed === "boolean" ? patch.timed : current.timed }),
};
