import { getEvents } from "@/lib/server/games/reads";
import { handle } from "@/lib/server/http/handle";

export const GET = handle<{ id: string }>(async (c) => {
  const claims = await c.user();
  const cursor = new URL(c.req.url).searchParams.get("cursor");
  return getEvents(await c.db(), claims, c.params.id, cursor);
});
