import { act, actionBodySchema } from "@/lib/server/games/act";
import { handle } from "@/lib/server/http/handle";
import { actionLimit } from "@/lib/server/limits";

export const POST = handle<{ id: string }>(async (c) => {
  const claims = await c.user();
  const body = await c.body(actionBodySchema);
  const db = await c.db();
  // Counted before the engine judges it: a flood of refused actions is still a flood (taken in the
  // action's own transaction on Postgres, lib/server/games/act.ts).
  return act(db, claims, c.params.id, body, Date.now(), { limit: actionLimit(), key: claims.sub, message: "Too many actions." });
});
