import { userOf } from "@/lib/auth/claims";
import { handle } from "@/lib/server/http/handle";

export const GET = handle(async (c) => {
  const claims = await c.auth.getClaims();
  return { user: claims ? userOf(claims) : null };
});
