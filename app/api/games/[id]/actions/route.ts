import { act, actionBodySchema } from "@/lib/server/games/act";
import { handle } from "@/lib/server/http/handle";
import { actionLimit } from "@/lib/server/limits";
import { takeRateLimit } from "@/lib/server/rate-limit";

export const POST = handle<{ id: string }>(async (c) => {
  const claims = await c.user();
  const body = await c.body(actionBodySchema);
  const db = await c.db();
  // Counted before the engine judges it: a flood of refused actions is still a flood.
  await takeRateLimit(db, actionLimit(), claims.sub, "Too many actions.");
  return act(db, claims, c.params.id, body);
});
