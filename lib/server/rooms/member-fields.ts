// Validation of what a member chooses: display name (W-ROOM-3) and appearance (W-ROOM-2).
import { z } from "zod";
import { isBotAppearance } from "../../bot-appearance";
import { namesClash } from "../../auth/name-skeleton";
import { checkDisplayName, nameErrorCode, nameMessages } from "../../auth/display-name";
import { AppError } from "../app-error";
import { nameTaken } from "./mutate";
import type { MemberRow } from "./rows";

export const appearanceField = z
  .string()
  .regex(/^[a-z0-9-]{1,32}$/, "appearance must match [a-z0-9-]{1,32}")
  // Robot looks are the bots' own: a person never looks like a bot (issue 22 item 4).
  .refine((a) => !isBotAppearance(a), "bot appearances are for bots");
export const DEFAULT_APPEARANCE = "default";

export function validName(raw: string): string {
  const r = checkDisplayName(raw);
  if (!r.ok) throw new AppError(400, nameErrorCode(r.problem), nameMessages[r.problem]);
  return r.name;
}

/**
 * Uniqueness among the other members, case-insensitive and by look-alike skeleton (issue 28 #6).
 * Callers hold the room lock (`mutateRoom`); the unique index on lower(name) backs up the exact case.
 */
export function assertNameFree(name: string, members: MemberRow[], self?: string): void {
  if (members.some((m) => m.user_id !== self && namesClash(m.display_name, name))) throw nameTaken();
}
