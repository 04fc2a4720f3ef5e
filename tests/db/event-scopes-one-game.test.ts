// app.event_game (0020_event_scopes_of_one_game): a read of one game may name it, and the
// caller's scopes are then computed in that game only — the per-signal reads no longer pay for the
// caller's whole history. The setting may only narrow what the policy allows: named, it gives
// exactly the caller's scopes in that game; naming another game hides this one; anything that is
// not a uuid reads as unset; and the two reads that set it put it back (P-2).
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { Claims, Db } from "@/lib/db/types";
import { forEachDb } from "./test-db";
import { seedWorld, type Viewer } from "./seed-world";

const EVERYONE: Viewer[] = ["host", "wolfAlive", "wolfDead", "seer", "witch", "villagerDead", "spectator", "outsider", "classicDead"];

/** Runs `text` as `claims` with `app.event_game` set to `hint` (null: left unset) first. */
function asUserWith<T>(db: Db, claims: Claims, hint: string | null, text: string, params: unknown[] = []): Promise<T[]> {
  return db.asUser(claims, async (tx) => {
    if (hint !== null) await tx.query("select set_config('app.event_game', $1, true)", [hint]);
    return tx.query<T>(text, params);
  });
}

const SCOPES = "select game_id::text as game, audience from app.my_event_scopes() order by 1, 2";
const EVENTS_OF = "select id from game_events where game_id = $1 order by id";

for (const ended of [false, true]) {
  forEachDb(`event scopes of one game (${ended ? "ended" : "running"} games)`, (db) => {
    it("P-2: named, a game's scopes are exactly the caller's scopes in that game, for every viewer", async () => {
      const world = await seedWorld(db(), { ended });
      const kinds = new Set<string>();
      for (const viewer of EVERYONE) {
        const claims = world.claims(viewer);
        const all = await asUserWith<{ game: string; audience: string }>(db(), claims, null, SCOPES);
        for (const game of [world.gameId, world.game2Id]) {
          const one = await asUserWith<{ game: string; audience: string }>(db(), claims, game, SCOPES);
          expect(one, `${viewer} in ${game === world.gameId ? "G" : "G2"}`).toEqual(all.filter((s) => s.game === game));
          kinds.add(one.map((s) => s.audience.replace(/:.*/, ":")).join(","));
        }
      }
      // Not trivially equal: viewers hold different scopes (none; public and their own; a team too; all).
      expect(kinds.size).toBeGreaterThan(ended ? 1 : 2);
    });

    it("P-2: the setting only narrows — another game's name hides this game's events, a malformed one reads as unset", async () => {
      const world = await seedWorld(db(), { ended });
      for (const viewer of EVERYONE) {
        const claims = world.claims(viewer);
        const unset = await asUserWith<{ id: number }>(db(), claims, null, EVENTS_OF, [world.gameId]);
        for (const other of [world.game2Id, randomUUID()]) {
          expect(await asUserWith(db(), claims, other, EVENTS_OF, [world.gameId]), viewer).toEqual([]);
        }
        for (const malformed of ["", "not-a-uuid", `${world.gameId} or true`, world.gameId.toUpperCase()]) {
          expect(await asUserWith(db(), claims, malformed, EVENTS_OF, [world.gameId]), `${viewer} ${malformed}`).toEqual(unset);
        }
      }
    });

    it("the per-signal reads put app.event_game back as they found it, so the next read of a shared transaction is not narrowed", async () => {
      const world = await seedWorld(db(), { ended });
      const reads = [
        ["select * from app.room_events_after($1::uuid, null, '{}'::jsonb, 0, 10)", [world.roomId]],
        ["select * from app.game_events_after($1::uuid, '{}'::jsonb, 10)", [world.gameId]],
      ] as const;
      for (const [text, params] of reads) {
        for (const before of [null, world.game2Id]) {
          const after = await db().asUser(world.claims("host"), async (tx) => {
            if (before !== null) await tx.query("select set_config('app.event_game', $1, true)", [before]);
            await tx.query(text, [...params]);
            const [row] = await tx.query<{ hint: string | null }>("select nullif(current_setting('app.event_game', true), '') as hint");
            return row.hint;
          });
          expect(after, text).toBe(before);
        }
      }
    });
  });
}
