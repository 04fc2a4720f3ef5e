// The card game's lobby settings (docs/api.md "Rooms"): `{ angel, traitor }` beside the room's
// `mode` — the basic game by default (CW-R4), the Angel (basic or powerful, CW-R44, CW-R45) and the
// Traitor (CW-R41) for the advanced one (7+ players, CW-R39: refused at start with fewer). Every
// timer is the rules' (CW-P8, CW-P9, CW-P11); the time scale is the deployment's, never the host's.
import { z } from "zod";
import type { ModeSettings } from "../core/platform";

const schema = z.strictObject({ angel: z.enum(["none", "basic", "powerful"]), traitor: z.boolean() });

export type CardWerewolfSettings = z.infer<typeof schema>;

const patchSchema = z.strictObject({ angel: schema.shape.angel.optional(), traitor: schema.shape.traitor.optional() });

const DEFAULTS: CardWerewolfSettings = { angel: "none", traitor: false };

/** Stored settings (without `mode`) with the defaults filled in. */
function read(stored: Record<string, unknown>): CardWerewolfSettings {
  const parsed = schema.safeParse({ angel: stored.angel ?? DEFAULTS.angel, traitor: stored.traitor ?? DEFAULTS.traitor });
  return parsed.success ? parsed.data : { ...DEFAULTS };
}

export const cardWerewolfSettings: ModeSettings<CardWerewolfSettings> = {
  read,
  patchSchema,
  merge: (current, patch) => read({ ...current, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) }),
};
