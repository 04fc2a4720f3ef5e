import { roomMutation } from "@/lib/server/http/room-route";
import { updateSettings } from "@/lib/server/rooms/room-admin";
import { settingsPatchSchema } from "@/lib/server/rooms/settings";

export const PATCH = roomMutation(settingsPatchSchema, updateSettings);
