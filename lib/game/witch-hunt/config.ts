// Room settings → validated config (WH-P8: time limit off by default).
import { z } from "zod";
import type { WitchHuntConfig } from "./types";

export const configSchema: z.ZodType<WitchHuntConfig> = z
  .object({
    timed: z.boolean().default(false),
    timeScale: z.number().positive().max(100).default(1),
  })
  .strip();
