// The events cursor: audience key → last audience_seq read. Opaque to clients (base64url JSON) and
// per audience, so it reveals nothing about events the caller cannot read.
import { decodeCursorJson, encodeCursorJson } from "../../events-cursor";
import { AppError } from "../app-error";

export type Cursor = Record<string, number>;

const badCursor = () => new AppError(400, "BAD_CURSOR", "The cursor is not one this server issued.");
/** `audience_seq` is an `int` column: a position past its range is no position this server issued. */
export const MAX_SEQ = 2_147_483_647;
const KEY = /^(public|end|player:[0-9a-f-]{36}|team:[A-Za-z0-9_-]{1,40})$/;

export function decodeCursor(raw: string | null): Cursor {
  if (!raw) return {};
  if (raw.length > 4096) throw badCursor();
  let value: unknown;
  try {
    value = decodeCursorJson(raw);
  } catch {
    throw badCursor();
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw badCursor();
  const out: Cursor = {};
  for (const [k, v] of Object.entries(value)) {
    if (!KEY.test(k) || !Number.isInteger(v) || (v as number) < 0 || (v as number) > MAX_SEQ) throw badCursor();
    out[k] = v as number;
  }
  return out;
}

export const encodeCursor = (c: Cursor): string => encodeCursorJson(c);
