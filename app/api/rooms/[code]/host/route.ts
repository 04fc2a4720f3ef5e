import { z } from "zod";
import { roomMutation } from "@/lib/server/http/room-route";
import { passHost } from "@/lib/server/rooms/host";

export const POST = roomMutation(z.strictObject({ userId: z.uuid() }), (db, claims, code, b) => passHost(db, claims, code, b.userId));
