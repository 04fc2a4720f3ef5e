import { z } from "zod";
import { displayNameField } from "@/lib/auth/display-name";
import { roomMutation } from "@/lib/server/http/room-route";
import { renameMember } from "@/lib/server/rooms/member-state";

export const POST = roomMutation(z.strictObject({ displayName: displayNameField }), (db, claims, code, b) =>
  renameMember(db, claims, code, b.displayName),
);
