// An accepted action in one round trip (lib/server/games/act.ts, game-cache.ts; migration 0038):
// once this process has written a game, the next action is judged from the state it kept and sent
// as one script whose checks (rate-limit hit, rev, host) come first. Every check that fails writes
// nothing and sends the action down the read path, so the cache is never trusted for correctness.
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { Claims, Db } from "@/lib/db/types";
import { isAppError } from "@/lib/server/app-error";
import { advanceDue } from "@/lib/server/advance-due";
import { act } from "@/lib/server/games/act";
import type { Limit } from "@/lib/server/rate-limit";
import { forEachDb } from "../db/test-db";
import { startEightPlayerGame } from "../realtime/started-game";
import { revOf, spied } from "./spied-db";

const rolesOf = async (db: Db, gameId: string) =>
  db.tx((tx) => tx.query<{ user_id: string; role: string }>("select user_id, role from game_roles where game_id = $1", [gameId]));

const count = async (db: Db, gameId: string, type: string) =>
  Number((await db.exec(`select count(*)::int as n from game_events where game_id = '${gameId}' and type = '${type}'`))[0][0].n);

/** A night-1 table: the wolves, a villager-side target, and a spied database that keeps its cache. */
async function night(db: Db) {
  const now = Date.now();
  const g = await startEightPlayerGame(db, now);
  const roles = await rolesOf(db, g.gameId);
  const wolves = g.players.filter((p) => roles.find((r) => r.user_id === p.sub)?.role === "wolf");
  const target = g.players.find((p) => roles.find((r) => r.user_id === p.sub)?.role !== "wolf")!;
  const spy = spied(db, g.gameId, 0);
  const chat = (p: Claims, text: string, key = randomUUID(), at = now + 10) =>
    act(spy.db, p, g.gameId, { action: { type: "chat", channel: "wolves", text }, idempotencyKey: key }, at);
  return { g, wolves, target, spy, chat, now };
}

forEachDb("one round trip per accepted action", (db) => {
  it("P-4: after a write, the next accepted action is one script that checks rev and host first, and bumps rev once", async () => {
    const { g, wolves, spy, chat } = await night(db());
    await chat(wolves[0], "first");
    expect(spy.scripts).toHaveLength(2); // the read path: read, then the checked write
    const rev = await revOf(db(), g.gameId);
    await chat(wolves[1], "second");
    expect(spy.scripts).toHaveLength(3);
    expect(spy.scripts[2]).toMatch(/^select app\.expect_game\(/);
    expect(spy.scripts[2]).toContain("app.save_step");
    expect(spy.txs).toBe(0);
    expect(await revOf(db(), g.gameId)).toBe(rev + 1);
    expect(await count(db(), g.gameId, "chat")).toBe(2);
  });

  it("P-4: a write by someone else (the scheduler, another process) makes the check refuse the whole script; the read path then writes once", async () => {
    const { g, wolves, spy, chat } = await night(db());
    await chat(wolves[0], "first");
    await db().exec(`update game_states set rev = rev + 1 where game_id = '${g.gameId}'`);
    await chat(wolves[1], "second");
    // cached attempt (refused, nothing written), read, checked write
    expect(spy.scripts).toHaveLength(5);
    expect(await count(db(), g.gameId, "chat")).toBe(2);
  });

  it("P-4: after this process's scheduler moved the game on, the next accepted action is one script as well", async () => {
    const { g, spy } = await night(db());
    const at = async () => (await db().exec(`select phase, (extract(epoch from deadline) * 1000)::float8 as at from games where id = '${g.gameId}'`))[0][0] as { phase: string; at: number };
    let now = 0;
    for (let step = await at(); !step.phase.startsWith("day"); step = await at()) {
      now = step.at + 1;
      expect((await advanceDue(spy.db, now, { gameId: g.gameId })).advanced).toEqual([g.gameId]);
    }
    const advances = spy.scripts.length;
    const rev = await revOf(db(), g.gameId);
    await act(spy.db, g.players[0], g.gameId, { action: { type: "chat", channel: "day", text: "good morning" }, idempotencyKey: randomUUID() }, now + 10);
    expect(spy.scripts.slice(advances)).toHaveLength(1);
    expect(spy.scripts[advances]).toMatch(/^select app\.expect_game\(/);
    expect(await revOf(db(), g.gameId)).toBe(rev + 1);
    expect(await count(db(), g.gameId, "chat")).toBe(1);
  });

  it("P-4: a repeated request still gets its stored reply, though the engine would now refuse it", async () => {
    const { g, wolves, target, spy } = await night(db());
    const bite = { action: { type: "bite", target: target.sub }, idempotencyKey: "bite-once" };
    const first = await act(spy.db, wolves[0], g.gameId, bite);
    const again = await act(spy.db, wolves[0], g.gameId, bite);
    expect(again).toEqual(first);
    expect(await count(db(), g.gameId, "pick")).toBe(1);
  });

  it("P-4: a refusal after this process's write is judged again from a read of the game's columns, not its state; once someone else wrote, from the state read back", async () => {
    const { g, wolves, target, spy, chat } = await night(db());
    await chat(wolves[0], "first");
    const refusal = async () => {
      const from = spy.scripts.length;
      const error = await chat(target, "let me in").then(() => null, (e: unknown) => e);
      if (!isAppError(error)) throw error;
      expect(spy.scripts.slice(from)).toHaveLength(1); // the cached path refused without a script
      const context = spy.answers[from].at(-1)![0];
      return { code: error.code, status: error.status, state: context.state, patches: context.patches };
    };
    const held = await refusal();
    expect(held).toMatchObject({ code: "WRONG_PHASE", state: null, patches: null });
    await db().exec(`update game_states set rev = rev + 1 where game_id = '${g.gameId}'`);
    const moved = await refusal();
    expect(moved.code).toBe(held.code);
    expect(moved.state).not.toBeNull();
    expect(await count(db(), g.gameId, "chat")).toBe(1);
  });

  it("P-1: a game id that is not a uuid (a NUL byte even) is no such game, whatever the cache holds: 404, no statement sent", async () => {
    const { wolves, spy, chat } = await night(db());
    await chat(wolves[0], "first");
    const from = spy.scripts.length;
    for (const id of ["\0", "not-a-game"]) {
      const error = await act(spy.db, wolves[0], id, { action: { type: "chat", channel: "wolves", text: "x" }, idempotencyKey: randomUUID() }).catch((e: unknown) => e);
      expect(isAppError(error) && [error.status, error.code]).toEqual([404, "GAME_NOT_FOUND"]);
    }
    expect(spy.scripts.length).toBe(from);
  });

  it("P-4: a new host makes the check refuse: a host's power is never judged against the host the cache remembers", async () => {
    const { g, wolves, spy, chat } = await night(db());
    await chat(wolves[0], "first");
    await db().exec(`update rooms set host_id = '${g.players[1].sub}' where code = '${g.code}'`);
    await chat(wolves[1], "second");
    expect(spy.scripts).toHaveLength(5);
    expect(await count(db(), g.gameId, "chat")).toBe(2);
  });

  it("P-4: past the rate limit the cached script writes nothing and the answer is 429 with Retry-After", async () => {
    const { g, wolves, spy, now } = await night(db());
    const limited = { ...spy.db, kind: "postgres" } as Db; // the hit is taken in the database, as on Postgres
    const limit: Limit = { name: `rt${randomUUID().slice(0, 8)}`, count: 1, windowMs: 10_000 };
    const rateLimit = { limit, key: wolves[0].sub, message: "Too many actions." };
    const line = (text: string) => ({ action: { type: "chat", channel: "wolves", text }, idempotencyKey: randomUUID() });
    await act(limited, wolves[0], g.gameId, line("one"), now + 10, rateLimit);
    let status = 0;
    try {
      await act(limited, wolves[0], g.gameId, line("two"), now + 20, rateLimit);
    } catch (e) {
      if (!isAppError(e)) throw e;
      status = e.status;
      expect(e.headers?.["Retry-After"]).toBe("10");
    }
    expect(status).toBe(429);
    expect(await count(db(), g.gameId, "chat")).toBe(1);
  });
});
