import { handle } from "@/lib/server/http/handle";

export const POST = handle(async (c) => {
  await c.auth.signOut();
  return { ok: true };
});
