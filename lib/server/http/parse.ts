// zod at the edge: a shape mismatch is 400 BAD_REQUEST naming the field. Kept free of other
// imports so services (and the Deno edge function through them) can use it.
import type { z } from "zod";
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

export function parseWith<T>(schema: z.ZodType<T>, input: unknown, prefix?: string): T {
  const r = schema.safeParse(input);
  if (!r.success) throw new AppError(400, "BAD_REQUEST", zodMessage(r.error, prefix));
  return r.data;
}
