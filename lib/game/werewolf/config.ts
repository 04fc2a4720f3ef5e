// Room settings → validated werewolf config, with the rules' defaults (S-FLOW-3, C-SETUP-1).
import { z } from "zod";
import type { OptionalRole, PhaseId, WerewolfConfig } from "./types";

export const OPTIONAL_ROLES = ["thief", "hunter", "cupid", "witch", "little_girl"] as const satisfies readonly OptionalRole[];

const flat = z.object({
  ruleset: z.enum(["standard", "classic"]).default("standard"),
  dayLength: z.number().int().min(30).max(300).default(120),
  roles: z
    .array(z.enum(OPTIONAL_ROLES))
    .default([])
    .refine((r) => new Set(r).size === r.length, "each optional role at most once"),
  sheriff: z.boolean().default(false),
  tieRevote: z.boolean().default(false),
  endAtParity: z.boolean().default(false),
  timeScale: z.number().positive().max(100).default(1),
});

/**
 * Accepts the room settings shape of docs/api.md (`{ ruleset, dayLength, classic: { roles, sheriff,
 * tieRevote, endAtParity } }`) as well as the flat scenario `options`. Classic-only options are
 * dropped in standard so a room switching rulesets cannot carry them over.
 */
export const configSchema: z.ZodType<WerewolfConfig> = z.preprocess((raw) => {
  if (typeof raw !== "object" || raw === null) return raw;
  const { classic, mode: _mode, ...rest } = raw as Record<string, unknown>;
  void _mode;
  return typeof classic === "object" && classic !== null ? { ...rest, ...classic } : rest;
}, flat).transform((c): WerewolfConfig => {
  const roles = c.ruleset === "classic" ? OPTIONAL_ROLES.filter((r) => c.roles.includes(r)) : [];
  return c.ruleset === "classic"
    ? { ...c, roles }
    : { ...c, roles, sheriff: false, tieRevote: false, endAtParity: false };
});

/** [decision] Step lengths in seconds; day length is the room's, the rest are fixed. */
const SECONDS: Record<Exclude<PhaseId, "day" | "ended">, number> = {
  "night.thief": 20,
  "night.cupid": 20,
  "night.lovers": 10,
  "night.main": 30,
  "night.witch": 20,
  hunter: 20,
  "sheriff.election": 60,
  "sheriff.succession": 20,
  vote: 60,
};

/** C-VOTE-1: extra discussion before a tie re-vote. */
export const REVOTE_DISCUSSION_SECONDS = 30;

export function phaseSeconds(config: WerewolfConfig, phase: Exclude<PhaseId, "ended">, revote = false): number {
  if (phase === "day") return revote ? REVOTE_DISCUSSION_SECONDS : config.dayLength;
  return SECONDS[phase];
}
