import { z } from "zod";
import { roomMutation } from "@/lib/server/http/room-route";
import { addBot } from "@/lib/server/bots/members";

export const POST = roomMutation(z.strictObject({ displayName: z.string().max(200).optional() }), (db, claims, code, b) =>
  addBot(db, claims, code, b),
);
