import { z } from "zod";
import { tickGame } from "@/lib/server/games/tick";
import { handle } from "@/lib/server/http/handle";

export const POST = handle<{ id: string }>(async (c) => {
  const claims = await c.user();
  await c.body(z.strictObject({}));
  return tickGame(await c.db(), claims, c.params.id);
}, { meter: "ticks" });
