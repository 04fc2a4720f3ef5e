import { act, actionBodySchema } from "@/lib/server/games/act";
import { handle } from "@/lib/server/http/handle";

export const POST = handle<{ id: string }>(async (c) => {
  const claims = await c.user();
  const body = await c.body(actionBodySchema);
  return act(await c.db(), claims, c.params.id, body);
});
