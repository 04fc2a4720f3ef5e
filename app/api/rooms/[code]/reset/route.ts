import { z } from "zod";
import { roomMutation } from "@/lib/server/http/room-route";
import { resetRoom } from "@/lib/server/rooms/room-admin";

export const POST = roomMutation(z.strictObject({}), (db, claims, code) => resetRoom(db, claims, code));
