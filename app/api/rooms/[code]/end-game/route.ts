import { z } from "zod";
import { endGameByHost } from "@/lib/server/games/end-by-host";
import { roomMutation } from "@/lib/server/http/room-route";

export const POST = roomMutation(z.strictObject({}), (db, claims, code) => endGameByHost(db, claims, code));
