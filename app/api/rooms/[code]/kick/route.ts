import { z } from "zod";
import { roomMutation } from "@/lib/server/http/room-route";
import { kickMember } from "@/lib/server/rooms/membership";

export const POST = roomMutation(z.strictObject({ userId: z.uuid() }), (db, claims, code, b) => kickMember(db, claims, code, b.userId));
