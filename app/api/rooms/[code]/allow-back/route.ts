import { z } from "zod";
import { roomMutation } from "@/lib/server/http/room-route";
import { liftBan } from "@/lib/server/rooms/bans";

export const POST = roomMutation(z.strictObject({ userId: z.uuid() }), (db, claims, code, b) => liftBan(db, claims, code, b.userId));
