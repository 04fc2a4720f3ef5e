// zod at the edge: a shape mismatch is 400 BAD_REQUEST naming the field. Kept free of other
// imports so services (and the Deno edge function through them) can use it.
import type { z } from "zod";
import { UNSTORABLE } from "../../db/driver";
import { AppError } from "../app-error";

export function zodMessage(error: z.ZodError, prefix?: string): string {
  return error.issues
    .slice(0, 3)
    .map((i) => {
      const path = [...(prefix ? [prefix] : []), ...i.path.map(String)];
      return `${path.length ? path.join(".") : "body"}: ${i.message}`;
    })
    .join("; ");
}

/** Whether any string (or key) in a JSON-like value holds what Postgres text cannot: NUL, a lone surrogate. */
function hasUnstorable(input: unknown): boolean {
  // A stack, not recursion: a 16 KB body can nest thousands deep.
  const stack = [input];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "string") {
      if (UNSTORABLE.test(value)) return true;
    } else if (Array.isArray(value)) {
      stack.push(...value);
    } else if (typeof value === "object" && value !== null) {
      for (const [k, v] of Object.entries(value)) {
        if (UNSTORABLE.test(k)) return true;
        stack.push(v);
      }
    }
  }
  return false;
}

/**
 * Refuses text no database column can hold, before anything else looks at it: it would otherwise
 * fail deep in a statement (a 500) or come back changed.
 */
export function checkText(input: unknown, prefix?: string): void {
  if (hasUnstorable(input)) {
    throw new AppError(400, "BAD_TEXT", `${prefix ?? "body"}: text may not contain NUL or a lone surrogate.`);
  }
}

export function parseWith<T>(schema: z.ZodType<T>, input: unknown, prefix?: string): T {
  checkText(input, prefix);
  const r = schema.safeParse(input);
  if (!r.success) throw new AppError(400, "BAD_REQUEST", zodMessage(r.error, prefix));
  return r.data;
}
