// The two event reads run as security-invoker functions so their plans are kept:
// app.room_events_after (0015_room_events_read, the realtime stream's pushed read) and
// app.game_events_after (0017_game_events_read, the browser's `GET /events`). Each must return, for
// every viewer, exactly the rows a plain statement over the tables returns under that viewer's own
// RLS — from the start and after any position — and never run with more rights than its caller
// (P-2, S-CHAT-3).
import { expect, it } from "vitest";
import type { Db } from "@/lib/db/types";
import { getEvents, roomEventsStatement } from "@/lib/server/games/reads";
import { decodeCursor, encodeCursor } from "@/lib/server/games/cursor";
import { forEachDb } from "./test-db";
import { seedWorld, type Viewer, type World } from "./seed-world";

const EVERYONE: Viewer[] = ["host", "wolfAlive", "wolfDead", "seer", "witch", "villagerDead", "spectator", "outsider"];

/** The same read without the function: the room's game and its events after `afterId`, as the viewer. */
const PLAIN = `select ro.game_id::text as game, e.id, e.audience, e.audience_seq, e.day, e.payload
  from (select 1) as one
  left join public.rooms ro on ro.id = $1::uuid
  left join lateral (
    select ev.id, ev.audience, ev.audience_seq, ev.day, ev.payload from public.game_events ev
     where ev.game_id = ro.game_id and ev.id > $2::bigint order by ev.id
  ) e on true
 order by e.id`;

async function both(db: Db, world: World, viewer: Viewer, afterId: number) {
  const claims = world.claims(viewer);
  const at = afterId === 0 ? null : { game: world.gameId, cursor: {}, afterId };
  const { text, params } = roomEventsStatement(world.roomId, at);
  const viaFunction = await db.asUser(claims, (tx) => tx.query(text, params));
  const plain = await db.asUser(claims, (tx) => tx.query(PLAIN, [world.roomId, afterId]));
  return { viaFunction, plain };
}

/** Each audience's last sequence number among rows in order. */
function lastSeqs(rows: { audience: string; audience_seq: number }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[r.audience] = r.audience_seq;
  return out;
}

for (const ended of [false, true]) {
  forEachDb(`room events read (${ended ? "ended" : "running"} game)`, (db) => {
    it("P-2: for every viewer, the function returns exactly what a plain statement returns under RLS, from the start and after a position", async () => {
      const world = await seedWorld(db(), { ended });
      const ids = await db().tx((tx) => tx.query<{ id: number }>("select id from game_events where game_id = $1 order by id", [world.gameId]));
      const middle = Number(ids[Math.floor(ids.length / 2)].id);
      const sizes = new Set<number>();
      for (const viewer of EVERYONE) {
        for (const afterId of [0, middle]) {
          const { viaFunction, plain } = await both(db(), world, viewer, afterId);
          expect(viaFunction, `${viewer} after ${afterId}`).toEqual(plain);
          sizes.add(viaFunction.length);
        }
      }
      // Not trivially equal: viewers see different amounts (outsiders only the empty row).
      expect(sizes.size).toBeGreaterThan(2);
    });

    it("P-2: GET /events returns, for every viewer, exactly what a plain statement returns under RLS, from the start and after a cursor", async () => {
      const world = await seedWorld(db(), { ended });
      const plainAfter = (claims: ReturnType<World["claims"]>, cursor: Record<string, number>) =>
        db().asUser(claims, (tx) =>
          tx.query<{ audience: string; audience_seq: number; day: number; payload: Record<string, unknown> }>(
            `select audience, audience_seq, day, payload from game_events
              where game_id = $1 and audience_seq > coalesce(($2::text::jsonb ->> audience)::int, 0) order by id`,
            [world.gameId, JSON.stringify(cursor)],
          ),
        );
      const sizes = new Set<number>();
      for (const viewer of EVERYONE) {
        const claims = world.claims(viewer);
        const visible = await db().asUser(claims, (tx) => tx.query("select 1 from games where id = $1", [world.gameId]));
        if (visible.length === 0) {
          await expect(getEvents(db(), claims, world.gameId, null), viewer).rejects.toMatchObject({ status: 404 });
          continue;
        }
        const all = await plainAfter(claims, {});
        // A cursor halfway through what this viewer may read, as the server would have issued it.
        for (const cursor of [{}, lastSeqs(all.slice(0, Math.floor(all.length / 2)))]) {
          const plain = await plainAfter(claims, cursor);
          const read = await getEvents(db(), claims, world.gameId, Object.keys(cursor).length ? encodeCursor(cursor) : null);
          expect(read.events, `${viewer} after ${JSON.stringify(cursor)}`).toEqual(plain.map((r) => ({ ...r.payload, day: r.day })));
          expect(decodeCursor(read.cursor)).toEqual({ ...cursor, ...lastSeqs(plain) });
          sizes.add(read.events.length);
        }
      }
      // Not trivially equal: running, viewers read different amounts; ended, everyone reads all.
      expect(sizes.size).toBeGreaterThan(ended ? 1 : 2);
    });

    it.each(["room_events_after", "game_events_after"])("%s runs with its caller's rights only (security invoker), and only authenticated may call it", async (name) => {
      const [fn] = await db().tx((tx) =>
        tx.query<{ definer: boolean; anon: boolean; authenticated: boolean }>(
          `select p.prosecdef as definer,
                  has_function_privilege('anon', p.oid, 'execute') as anon,
                  has_function_privilege('authenticated', p.oid, 'execute') as authenticated
             from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'app' and p.proname = $1`,
          [name],
        ),
      );
      expect(fn).toEqual({ definer: false, anon: false, authenticated: true });
    });
  });
}
