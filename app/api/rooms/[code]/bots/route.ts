import { z } from "zod";
import { locales } from "@/lib/i18n/config";
import { roomMutation } from "@/lib/server/http/room-route";
import { addBot } from "@/lib/server/bots/members";

export const POST = roomMutation(z.strictObject({ displayName: z.string().max(200).optional(), locale: z.enum(locales).optional() }), (db, claims, code, b) =>
  addBot(db, claims, code, b),
);
