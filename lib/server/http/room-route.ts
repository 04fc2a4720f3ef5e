// Lobby mutation routes all look the same: caller, body, service, then the fresh snapshot.
import type { z } from "zod";
import type { Claims, Db } from "../../db/types";
import { roomSnapshot } from "../rooms/snapshot";
import { handle } from "./handle";

export function roomMutation<B>(
  schema: z.ZodType<B>,
  run: (db: Db, claims: Claims, code: string, body: B) => Promise<unknown>,
) {
  return handle<{ code: string }>(async (c) => {
    const claims = await c.user();
    const body = await c.body(schema);
    const db = await c.db();
    await run(db, claims, c.params.code, body);
    return roomSnapshot(db, claims, c.params.code);
  }, { meter: "lobby" });
}
