// Validation of what a member chooses: display name (W-ROOM-3) and appearance (W-ROOM-2).
import { z } from "zod";
import { checkDisplayName, nameMessages } from "../../auth/display-name";
import { AppError } from "../app-error";
import { nameTaken } from "./mutate";
import type { MemberRow } from "./rows";

export const appearanceField = z.string().regex(/^[a-z0-9-]{1,32}$/, "appearance must match [a-z0-9-]{1,32}");
export const DEFAULT_APPEARANCE = "default";

export function validName(raw: string): string {
  const r = checkDisplayName(raw);
  if (!r.ok) throw new AppError(400, "BAD_NAME", nameMessages[r.problem]);
  return r.name;
}

/** Case-insensitive uniqueness among the other members (the unique index backs this up). */
export function assertNameFree(name: string, members: MemberRow[], self?: string): void {
  const lower = name.toLowerCase();
  if (members.some((m) => m.user_id !== self && m.display_name.toLowerCase() === lower)) throw nameTaken();
}
