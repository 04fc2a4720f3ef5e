import { z } from "zod";
import { displayNameField } from "@/lib/auth/display-name";
import { clientAddress } from "@/lib/server/client-address";
import { handle, json } from "@/lib/server/http/handle";
import { roomCreateAddressLimit, roomCreateLimit } from "@/lib/server/limits";
import { takeRateLimit } from "@/lib/server/rate-limit";
import { appearanceField } from "@/lib/server/rooms/member-fields";
import { createRoom } from "@/lib/server/rooms/membership";
import { roomSnapshot } from "@/lib/server/rooms/snapshot";

const body = z.strictObject({ displayName: displayNameField.optional(), appearance: appearanceField.optional() });

export const POST = handle(async (c) => {
  const claims = await c.user();
  const input = await c.body(body);
  const db = await c.db();
  // Each room is rows and a code from a finite space: shared ceilings, like sign-ins (issue 28 #8).
  const address = clientAddress(c.req);
  if (address) await takeRateLimit(db, roomCreateAddressLimit(), address, "Too many rooms from this address.");
  await takeRateLimit(db, roomCreateLimit(), claims.sub, "Too many rooms.");
  const code = await createRoom(db, claims, input);
  return json(await roomSnapshot(db, claims, code), 201);
});
