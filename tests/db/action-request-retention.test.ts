// Migration 0046: an action's stored reply is forgotten a day after its game ended, by the
// in-process housekeeping (lib/server/housekeeping.ts) or, on Supabase, by 0101's pg_cron job —
// whose command is run here as that file holds it. Live games and games ended less than a day ago
// keep theirs. On PGlite and (with TEST_DATABASE_URL) Postgres.
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { expect, it, vi } from "vitest";
import { forgetActionRequests, startHousekeeping } from "@/lib/server/housekeeping";
import { forEachDb } from "./test-db";
import { gameWithReplies, repliesOf } from "./seed-replies";

/** The command 0101 schedules, exactly as written there. */
const cronCommand = () => {
  const sql = readFileSync("supabase/migrations/0101_supabase_cron_action_request_retention.sql", "utf8");
  const command = /\$job\$(.*?)\$job\$/s.exec(sql)?.[1];
  if (!command) throw new Error("0101 schedules no $job$ command");
  return command;
};

forEachDb(
  "stored action replies' retention (0046)",
  (db) => {
    it("forgets, batch by batch, the replies of games ended over a day ago, and only those", async () => {
      const old = await gameWithReplies(db(), 25, 5);
      const older = await gameWithReplies(db(), 24 * 30, 2);
      const recent = await gameWithReplies(db(), 23, 5);
      const running = await gameWithReplies(db(), null, 5);
      expect(await forgetActionRequests(db(), 2)).toBe(7);
      expect([await repliesOf(db(), old), await repliesOf(db(), older)]).toEqual([0, 0]);
      expect([await repliesOf(db(), recent), await repliesOf(db(), running)]).toEqual([5, 5]);
      expect(await forgetActionRequests(db(), 2)).toBe(0);
    });

    it("0101's cron job runs the same retention as it is written", async () => {
      const old = await gameWithReplies(db(), 48, 3);
      const running = await gameWithReplies(db(), null, 3);
      await db().exec(cronCommand());
      expect([await repliesOf(db(), old), await repliesOf(db(), running)]).toEqual([0, 3]);
    });

    it("a player cannot call it", async () => {
      await expect(
        db().asUser({ sub: randomUUID(), role: "authenticated", is_anonymous: true }, (tx) => tx.query("select app.forget_action_requests()")),
      ).rejects.toMatchObject({ code: "42501" });
    });

    it("the housekeeping runs its first pass after `firstAfterMs`, then every `everyMs`, and stops", async () => {
      const first = await gameWithReplies(db(), 30, 3);
      const errors: unknown[] = [];
      const housekeeping = startHousekeeping({ db: db(), firstAfterMs: 2_000, everyMs: 1_000, log: { error: (...e) => errors.push(e) } });
      try {
        expect(await repliesOf(db(), first)).toBe(3);
        await vi.waitFor(async () => expect(await repliesOf(db(), first)).toBe(0), { timeout: 10_000, interval: 100 });
        const second = await gameWithReplies(db(), 30, 2);
        await vi.waitFor(async () => expect(await repliesOf(db(), second)).toBe(0), { timeout: 10_000, interval: 100 });
      } finally {
        await housekeeping.stop();
      }
      const third = await gameWithReplies(db(), 30, 2);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await repliesOf(db(), third)).toBe(2);
      expect(errors).toEqual([]);
    });
  },
  { fresh: "test" },
);
