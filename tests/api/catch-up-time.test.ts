// Issue 28 item 5 (docs/security.md, "A hidden action's time stays hidden"): a wolf's bite that
// arrives after the vote's deadline catches the game up to the night first. The night's public
// phase event and its deadline must be what the timer says — the vote's deadline and that plus the
// night's length — whatever the bite's arrival time, or the village could read when the wolves
// acted (S-FLOW-5, S-WOLF-2).
import { expect, it } from "vitest";
import type { GameEvent } from "@/lib/game/core/types";
import { advanceDue } from "@/lib/server/advance-due";
import { act } from "@/lib/server/games/act";
import { forEachDb } from "../db/test-db";
import { gameFacts, startEightPlayerGame } from "../realtime/started-game";

const T0 = 1_800_000_000_000;

type PhaseEvent = GameEvent & { phase: string; at: number; deadline: number | null };

forEachDb("catch-up time", (db) => {
  /** A game at the vote of day 1 (nobody acted), its vote deadline, a wolf and a villager target. */
  async function atFirstVote() {
    const g = await startEightPlayerGame(db(), T0);
    for (;;) {
      const f = await gameFacts(db(), g.gameId);
      if (f.phase === "vote") {
        const roles = await db().tx((tx) =>
          tx.query<{ user_id: string; role: string }>("select user_id, role from game_roles where game_id = $1", [g.gameId]),
        );
        const alive = await db().tx((tx) => tx.query<{ user_id: string }>("select user_id from game_players where game_id = $1 and alive", [g.gameId]));
        const living = new Set(alive.map((a) => a.user_id));
        const wolf = g.players.find((p) => living.has(p.sub) && roles.find((r) => r.user_id === p.sub)?.role === "wolf")!;
        const target = roles.find((r) => living.has(r.user_id) && r.role === "villager")!.user_id;
        return { g, deadline: f.deadline!, wolf, target };
      }
      await advanceDue(db(), f.deadline!, { gameId: g.gameId });
    }
  }

  const publicPhases = async (gameId: string) =>
    (
      await db().tx((tx) =>
        tx.query<{ payload: PhaseEvent }>("select payload from game_events where game_id = $1 and audience = 'public' and type = 'phase' order by id", [gameId]),
      )
    ).map((r) => r.payload);

  it("S-FLOW-5 / S-WOLF-2: the night a late bite opens starts at the vote's deadline, not at the bite's arrival", async () => {
    const seen: { at: number; deadline: number | null; row: number | null }[] = [];
    for (const late of [1, 503, 7_919]) {
      const { g, deadline, wolf, target } = await atFirstVote();
      const reply = await act(db(), wolf, g.gameId, { action: { type: "bite", target }, idempotencyKey: `bite-${late}` }, deadline + late);
      expect(reply.ok).toBe(true);
      const night = (await publicPhases(g.gameId)).at(-1)!;
      expect(night.phase).toBe("night.main");
      const row = await gameFacts(db(), g.gameId);
      seen.push({ at: night.at - deadline, deadline: night.deadline! - deadline, row: row.deadline! - deadline });
    }
    // The same public facts, relative to the vote's deadline, for every arrival time: it begins
    // exactly then, and its deadline (event and row) is that plus the night's length.
    expect(seen[0].at).toBe(0);
    expect(seen[0].deadline).toBe(seen[0].row);
    expect(seen.slice(1)).toEqual([seen[0], seen[0]]);
  });

  it("S-FLOW-5: a vote sent after the vote's deadline is refused, and first ends the vote as a tick would; the vote writes nothing", async () => {
    const { g, deadline, wolf, target } = await atFirstVote();
    const late = act(db(), wolf, g.gameId, { action: { type: "vote", target }, idempotencyKey: "late-vote" }, deadline + 150);
    await expect(late).rejects.toMatchObject({ status: 409, code: "WRONG_PHASE" });
    // The step's end is written (the scheduler has not come), at the deadline, not at the vote's arrival.
    expect((await gameFacts(db(), g.gameId)).phase).toBe("night.main");
    const night = (await publicPhases(g.gameId)).at(-1)!;
    expect([night.phase, night.at - deadline]).toEqual(["night.main", 0]);
    const [own] = await db().tx((tx) =>
      tx.query<{ votes: number; replies: number }>(
        `select (select count(*)::int from game_events where game_id = $1 and type in ('vote_ack', 'voted')) as votes,
                (select count(*)::int from action_requests where game_id = $1 and idempotency_key = 'late-vote') as replies`,
        [g.gameId],
      ),
    );
    expect(own).toEqual({ votes: 0, replies: 0 });
  });

  it("the scheduler, an action or a tick: a phase that catches up after its deadline ends at that deadline", async () => {
    const { g, deadline } = await atFirstVote();
    await advanceDue(db(), deadline + 4_321, { gameId: g.gameId });
    const night = (await publicPhases(g.gameId)).at(-1)!;
    expect([night.phase, night.at - deadline]).toEqual(["night.main", 0]);
  });
});
