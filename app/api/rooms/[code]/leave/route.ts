import { z } from "zod";
import { handle } from "@/lib/server/http/handle";
import { leaveRoom } from "@/lib/server/rooms/membership";

export const POST = handle<{ code: string }>(async (c) => {
  const claims = await c.user();
  await c.body(z.strictObject({}));
  await leaveRoom(await c.db(), claims, c.params.code);
  return { ok: true };
}, { meter: "lobby" });
