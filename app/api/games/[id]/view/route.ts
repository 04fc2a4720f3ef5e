import { getView } from "@/lib/server/games/reads";
import { handle } from "@/lib/server/http/handle";

export const GET = handle<{ id: string }>(async (c) => getView(await c.db(), await c.user(), c.params.id));
