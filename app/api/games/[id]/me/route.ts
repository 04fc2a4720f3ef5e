import { getMyRole } from "@/lib/server/games/reads";
import { handle } from "@/lib/server/http/handle";

export const GET = handle<{ id: string }>(async (c) => getMyRole(await c.db(), await c.user(), c.params.id));
