import { z } from "zod";
import { displayNameField } from "@/lib/auth/display-name";
import { handle, json } from "@/lib/server/http/handle";
import { appearanceField } from "@/lib/server/rooms/member-fields";
import { createRoom } from "@/lib/server/rooms/membership";
import { roomSnapshot } from "@/lib/server/rooms/snapshot";

const body = z.strictObject({ displayName: displayNameField.optional(), appearance: appearanceField.optional() });

export const POST = handle(async (c) => {
  const claims = await c.user();
  const input = await c.body(body);
  const db = await c.db();
  const code = await createRoom(db, claims, input);
  return json(await roomSnapshot(db, claims, code), 201);
});
