import { z } from "zod";
import { startGame } from "@/lib/server/games/start-game";
import { handle, json } from "@/lib/server/http/handle";

export const POST = handle<{ code: string }>(async (c) => {
  const claims = await c.user();
  await c.body(z.strictObject({}));
  const gameId = await startGame(await c.db(), claims, c.params.code);
  return json({ gameId }, 201);
}, { meter: "lobby" });
