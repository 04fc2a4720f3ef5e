import { handle } from "@/lib/server/http/handle";
import { roomView } from "@/lib/server/rooms/snapshot";

export const GET = handle<{ code: string }>(async (c) => roomView(await c.db(), await c.user(), c.params.code));
