import { removeBot } from "@/lib/server/bots/members";
import { handle } from "@/lib/server/http/handle";
import { roomSnapshot } from "@/lib/server/rooms/snapshot";

export const DELETE = handle<{ code: string; userId: string }>(async (c) => {
  const claims = await c.user();
  const db = await c.db();
  await removeBot(db, claims, c.params.code, c.params.userId);
  return roomSnapshot(db, claims, c.params.code);
}, { meter: "lobby" });
