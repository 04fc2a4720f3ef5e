import { z } from "zod";
import { getChat } from "@/lib/server/games/reads";
import { handle } from "@/lib/server/http/handle";
import { parseWith } from "@/lib/server/http/parse";

const query = z.strictObject({
  // The game's mode names its channels (getChat refuses others).
  channel: z.string().min(1).max(40).optional(),
  day: z.coerce.number().int().min(0).max(1000),
});

export const GET = handle<{ id: string }>(async (c) => {
  const claims = await c.user();
  const q = parseWith(query, Object.fromEntries(new URL(c.req.url).searchParams), "query");
  return getChat(await c.db(), claims, c.params.id, q.channel, q.day);
});
