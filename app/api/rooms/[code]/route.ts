import { handle } from "@/lib/server/http/handle";
import { roomView } from "@/lib/server/rooms/snapshot";

// A visitor without a session gets the invite preview too (metered per address like every read).
export const GET = handle<{ code: string }>(async (c) => roomView(await c.db(), await c.auth.getClaims(), c.params.code));
