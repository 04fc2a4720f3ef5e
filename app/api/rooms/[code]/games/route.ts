import { roomHistory } from "@/lib/server/games/history";
import { handle } from "@/lib/server/http/handle";

export const GET = handle<{ code: string }>(async (c) => roomHistory(await c.db(), await c.user(), c.params.code));
