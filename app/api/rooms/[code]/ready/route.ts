import { z } from "zod";
import { roomMutation } from "@/lib/server/http/room-route";
import { setReady } from "@/lib/server/rooms/member-state";

export const POST = roomMutation(z.strictObject({ ready: z.boolean() }), (db, claims, code, b) => setReady(db, claims, code, b.ready));
