// The Db drivers and the migrator, on PGlite and (with TEST_DATABASE_URL) real Postgres.
import { randomBytes, randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db";
import { inlineParams } from "@/lib/db/driver";
import { loadSqlFiles, migrate } from "@/lib/db/migrate";
import { createPostgresDb } from "@/lib/db/postgres";
import type { Db } from "@/lib/db/types";
import { forEachDb } from "./test-db";

async function seedGame(db: Db): Promise<string> {
  return db.tx(async (tx) => {
    const [room] = await tx.query<{ id: string }>(
      "insert into rooms (code, host_id) values ($1, $2) returning id",
      [`C${randomUUID().slice(0, 8)}`, randomUUID()],
    );
    const [game] = await tx.query<{ id: string }>(
      "insert into games (room_id, mode, phase) values ($1, 'werewolf', 'night.main') returning id",
      [room.id],
    );
    return game.id;
  });
}

/** Resolves with the payloads received on `channel` once `count` have arrived. */
async function collect(db: Db, channel: string, count: number) {
  const got: string[] = [];
  let done!: () => void;
  const arrived = new Promise<void>((r) => (done = r));
  const stop = await db.listen(channel, (p) => {
    got.push(p);
    if (got.length === count) done();
  });
  return { got, arrived, stop };
}

forEachDb(
  "Db driver",
  (db, kind) => {
    it("tx commits, and rolls back everything when fn throws", async () => {
      const code = `T${randomUUID().slice(0, 8)}`;
      await expect(
        db().tx(async (tx) => {
          await tx.query("insert into rooms (code, host_id) values ($1, $2)", [code, randomUUID()]);
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await db().tx((tx) => tx.query("select 1 from rooms where code = $1", [code]))).toEqual([]);
      await db().tx((tx) => tx.query("insert into rooms (code, host_id) values ($1, $2)", [code, randomUUID()]));
      expect(await db().tx((tx) => tx.query("select 1 as one from rooms where code = $1", [code]))).toEqual([{ one: 1 }]);
      // A statement's error keeps its Postgres fields (the code decides 4xx or 5xx) and rolls back.
      const failed = await db()
        .tx((tx) => tx.query("insert into rooms (code, host_id) values ($1, 'not a uuid')", [`U${code}`]))
        .catch((e: unknown) => e as { code?: string });
      expect(failed).toMatchObject({ code: "22P02" });
      expect(await db().tx((tx) => tx.query("select 1 as one from rooms where code = $1", [`U${code}`]))).toEqual([]);
    });

    it("exec runs a script in one implicit transaction: each statement's rows in order, all or nothing", async () => {
      const code = `T${randomUUID().slice(0, 8)}`;
      const host = randomUUID();
      const sets = await db().exec(
        `${inlineParams("insert into rooms (code, host_id) values ($1, $2)", [code, host])};
         select 1::int8 as n, '{"a":[1]}'::jsonb as j, true as b; select 1 as none where false`,
      );
      expect(sets).toEqual([[], [{ n: 1, j: { a: [1] }, b: true }], []]);
      expect(await db().exec("select 2 as one")).toEqual([[{ one: 2 }]]);
      const other = `T${randomUUID().slice(0, 8)}`;
      await expect(db().exec(`${inlineParams("insert into rooms (code, host_id) values ($1, $2)", [other, host])}; select 1 / 0`)).rejects.toThrow();
      expect(await db().tx((tx) => tx.query("select code from rooms where code = any ($1::text[])", [[code, other]]))).toEqual([{ code }]);
      // set_config(..., true) lasts to the end of the script's implicit transaction, no further.
      const [, [inside]] = await db().exec("select set_config('app.probe', 'x', true); select current_setting('app.probe', true) as v");
      expect(inside).toEqual({ v: "x" });
      const [[after]] = await db().exec("select nullif(current_setting('app.probe', true), '') as v");
      expect(after).toEqual({ v: null });
    });

    it("tx.exec runs a script inside the transaction, rolled back with it", async () => {
      const code = `T${randomUUID().slice(0, 8)}`;
      await expect(
        db().tx(async (tx) => {
          const [[row]] = await tx.exec(inlineParams("insert into rooms (code, host_id) values ($1, $2) returning code", [code, randomUUID()]));
          expect(row).toEqual({ code });
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await db().tx((tx) => tx.query("select 1 from rooms where code = $1", [code]))).toEqual([]);
    });

    it("returns json as values, int8 as numbers, and takes JS values for json parameters", async () => {
      const [row] = await db().tx((tx) =>
        tx.query("select $1::jsonb as obj, $2::jsonb as arr, $3::jsonb as str, $4::text[] as teams, 7::int8 as n", [
          { a: 1 },
          [1, { b: 2 }],
          "plain",
          ["wolves", "lovers"],
        ]),
      );
      expect(row).toEqual({ obj: { a: 1 }, arr: [1, { b: 2 }], str: "plain", teams: ["wolves", "lovers"], n: 7 });
    });

    it("asUser runs as authenticated with the caller's claims, and the next tx is the owner again", async () => {
      const sub = randomUUID();
      const [me] = await db().asUser({ sub, role: "authenticated", is_anonymous: true }, (tx) =>
        tx.query("select current_user as who, auth.uid() as uid, auth.role() as role, auth.jwt() ->> 'is_anonymous' as anon"),
      );
      expect(me).toEqual({ who: "authenticated", uid: sub, role: "authenticated", anon: "true" });
      const [owner] = await db().tx((tx) => tx.query<{ who: string; uid: string | null }>("select current_user as who, auth.uid() as uid"));
      expect(owner.who).not.toBe("authenticated");
      expect(owner.uid).toBeNull();
    });

    it("asUser(null) runs as anon with no user", async () => {
      const [me] = await db().asUser(null, (tx) => tx.query("select current_user as who, auth.uid() as uid, auth.role() as role"));
      expect(me).toEqual({ who: "anon", uid: null, role: "anon" });
    });

    it("asUser refuses a subject that is not a uuid", async () => {
      await expect(
        db().asUser({ sub: "'; drop table rooms; --", role: "authenticated" }, (tx) => tx.query("select 1")),
      ).rejects.toThrow(/uuid/);
    });

    it("listen receives realtime.send signals after commit, and none from a rolled-back tx", async () => {
      const { got, arrived, stop } = await collect(db(), "realtime", 1);
      try {
        await expect(
          db().tx(async (tx) => {
            await tx.query("select realtime.send($1, 'signal', 'room:rolled-back', true)", [{ kind: "events" }]);
            throw new Error("rollback");
          }),
        ).rejects.toThrow("rollback");
        await db().tx((tx) => tx.query("select realtime.send($1, 'signal', 'room:committed', true)", [{ kind: "events" }]));
        await arrived;
        // Notifications arrive in commit order, so the rolled-back one would have come first.
        expect(got.map((p) => JSON.parse(p))).toEqual([
          { topic: "room:committed", event: "signal", payload: { kind: "events" }, private: true },
        ]);
      } finally {
        await stop();
      }
    });

    it.runIf(kind !== "postgres")("concurrent tx() calls queue instead of interleaving", async () => {
      const gameId = await seedGame(db());
      await db().tx((tx) => tx.query("insert into game_states (game_id, state) values ($1, $2)", [gameId, { n: 0 }]));
      await Promise.all(
        Array.from({ length: 10 }, () =>
          db().tx(async (tx) => {
            const [{ state }] = await tx.query<{ state: { n: number } }>("select state from game_states where game_id = $1", [gameId]);
            await new Promise((r) => setTimeout(r, 2)); // another tx would run here if they interleaved
            await tx.query("update game_states set state = $2 where game_id = $1", [gameId, { n: state.n + 1 }]);
          }),
        ),
      );
      const [{ state }] = await db().tx((tx) => tx.query<{ state: { n: number } }>("select state from game_states where game_id = $1", [gameId]));
      expect(state.n).toBe(10);
    });

    it("migrate is idempotent: a migrated database applies nothing", async () => {
      expect(await migrate(db())).toEqual([]);
      const { bootstrap, migrations } = await loadSqlFiles();
      const rows = await db().tx((tx) => tx.query<{ name: string }>("select name from app.schema_migrations order by name"));
      expect(rows.map((r) => r.name)).toEqual([...bootstrap, ...migrations].map((f) => f.name).sort());
    });

    it("the Supabase cron migration is a no-op where pg_cron is missing", async () => {
      const [row] = await db().tx((tx) => tx.query("select to_regnamespace('cron') is null as no_cron"));
      expect(row).toEqual({ no_cron: true });
    });

    describe("game_events", () => {
      it("numbers events 1, 2, 3 per audience, in a multi-row insert too, and keeps explicit numbers", async () => {
        const gameId = await seedGame(db());
        await db().tx(async (tx) => {
          await tx.query(
            `insert into game_events (game_id, audience, type)
             values ($1, 'public', 'a'), ($1, 'team:wolves', 'b'), ($1, 'public', 'c')`,
            [gameId],
          );
          await tx.query("insert into game_events (game_id, audience, type) values ($1, 'public', 'd')", [gameId]);
          await tx.query("insert into game_events (game_id, audience, audience_seq, type) values ($1, 'end', 5, 'e')", [gameId]);
        });
        const rows = await db().tx((tx) =>
          tx.query("select type, audience, audience_seq as seq from game_events where game_id = $1 order by id", [gameId]),
        );
        expect(rows).toEqual([
          { type: "a", audience: "public", seq: 1 },
          { type: "b", audience: "team:wolves", seq: 1 },
          { type: "c", audience: "public", seq: 2 },
          { type: "d", audience: "public", seq: 3 },
          { type: "e", audience: "end", seq: 5 },
        ]);
      });

      it("refuses an audience that is not an audienceKey", async () => {
        const gameId = await seedGame(db());
        for (const audience of ["everyone", "player:bob", "team:", "team:a b"]) {
          await expect(
            db().tx((tx) => tx.query("insert into game_events (game_id, audience, type) values ($1, $2, 'x')", [gameId, audience])),
            audience,
          ).rejects.toMatchObject({ code: "23514" });
        }
      });
    });

    describe("rate limits (S-CHAT-5: at most 5 messages in any 5 s)", () => {
      const take = (key: string, at: number) =>
        db().tx((tx) =>
          tx.query<{ ok: boolean }>("select app.rate_limit_take($1, 5, 5000, $2) as ok", [key, new Date(at)]),
        ).then(([r]) => r.ok);

      it("S-CHAT-5: allows 5 in a window, refuses the 6th, and allows again once the window slides", async () => {
        const key = `chat:${randomUUID()}`;
        const t0 = Date.UTC(2026, 0, 1);
        for (let i = 0; i < 5; i++) expect(await take(key, t0 + i * 100)).toBe(true);
        expect(await take(key, t0 + 4999)).toBe(false);
        expect(await take(key, t0 + 5000)).toBe(true); // the first hit left the window
        expect(await take(key, t0 + 5001)).toBe(false);
        expect(await take(`chat:${randomUUID()}`, t0 + 5001)).toBe(true); // keys are independent
      });

      it("S-CHAT-5: a hit whose transaction rolls back does not count", async () => {
        const key = `chat:${randomUUID()}`;
        const t0 = Date.UTC(2026, 0, 1);
        await expect(
          db().tx(async (tx) => {
            for (let i = 0; i < 5; i++) await tx.query("select app.rate_limit_take($1, 5, 5000, $2)", [key, new Date(t0)]);
            throw new Error("engine refused the message");
          }),
        ).rejects.toThrow();
        expect(await take(key, t0 + 1)).toBe(true);
      });

      it("prune drops old hits", async () => {
        const key = `chat:${randomUUID()}`;
        await take(key, Date.UTC(2020, 0, 1));
        const [{ n }] = await db().tx((tx) =>
          tx.query<{ n: number }>("select app.rate_limit_prune($1) as n", [new Date(Date.UTC(2021, 0, 1))]),
        );
        expect(n).toBeGreaterThanOrEqual(1);
      });
    });
  },
  { thread: true },
);

describe.runIf(process.env.TEST_DATABASE_URL)("migrator on a real Postgres server", () => {
  it("two processes migrating one empty database at once apply every file exactly once", async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `t_${Math.floor(Date.now() / 1000)}_${randomBytes(5).toString("hex")}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const a = createPostgresDb(target.toString(), { max: 2 });
    const b = createPostgresDb(target.toString(), { max: 2 });
    try {
      const [fromA, fromB] = await Promise.all([migrate(a, { bootstrap: "always" }), migrate(b, { bootstrap: "always" })]);
      const { bootstrap, migrations } = await loadSqlFiles();
      expect([...fromA, ...fromB].sort()).toEqual([...bootstrap, ...migrations].map((f) => f.name).sort());
      expect(fromA.length === 0 || fromB.length === 0).toBe(true);
    } finally {
      await a.close();
      await b.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});

describe("getDb", () => {
  const saved = { ...process.env };
  afterEach(async () => {
    await closeDb();
    process.env = { ...saved };
  });

  it("opens one migrated PGlite per process, shared through globalThis (on its own thread)", async () => {
    delete process.env.DATABASE_URL;
    process.env.MASOI_DATA_DIR = "memory";
    const [a, b] = await Promise.all([getDb(), getDb()]);
    expect(a).toBe(b);
    expect(a.kind).toBe("pglite");
    expect("pglite" in a).toBe(false); // the thread driver: no PGlite handle in this thread
    const rows = await a.tx((tx) => tx.query("select 1 from app.schema_migrations where name = 'migrations/0008_game_events.sql'"));
    expect(rows).toHaveLength(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)("uses postgres.js when DATABASE_URL is set", async () => {
    process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
    process.env.MASOI_MIGRATE = "0";
    const db = await getDb();
    expect(db.kind).toBe("postgres");
    expect(await db.tx((tx) => tx.query("select 1 as one"))).toEqual([{ one: 1 }]);
  });
});
