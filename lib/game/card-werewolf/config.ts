// Room settings → validated config (CW-R4: the basic game by default; CW-R39 the advanced roles).
import { z } from "zod";
import type { CardWerewolfConfig } from "./types";

export const configSchema: z.ZodType<CardWerewolfConfig> = z
  .object({
    angel: z.enum(["none", "basic", "powerful"]).default("none"),
    traitor: z.boolean().default(false),
    timeScale: z.number().positive().max(100).default(1),
  })
  .strip();

/** CW-R40: the Identity tokens are used when the Angel or the Traitor plays. */
export const isAdvanced = (c: CardWerewolfConfig): boolean => c.angel !== "none" || c.traitor;
