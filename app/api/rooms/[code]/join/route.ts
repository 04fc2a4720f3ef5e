import { z } from "zod";
import { displayNameField } from "@/lib/auth/display-name";
import { roomMutation } from "@/lib/server/http/room-route";
import { appearanceField } from "@/lib/server/rooms/member-fields";
import { joinRoom } from "@/lib/server/rooms/membership";

const body = z.strictObject({ displayName: displayNameField.optional(), appearance: appearanceField.optional(), watch: z.boolean().optional() });

export const POST = roomMutation(body, joinRoom);
