import { z } from "zod";
import { roomMutation } from "@/lib/server/http/room-route";
import { appearanceField } from "@/lib/server/rooms/member-fields";
import { setAppearance } from "@/lib/server/rooms/member-state";

export const POST = roomMutation(z.strictObject({ appearance: appearanceField }), (db, claims, code, b) =>
  setAppearance(db, claims, code, b.appearance),
);
