// The Supabase Cron bot pass (lib/server/bots/due.ts): stateless, every second with the phase
// advance. One person who never acts + 7 bots must still make a whole game; bots wait their think
// moment in the phase; overlapping passes act once; lobby bots get ready again.
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import { signIn } from "../api/helpers";
import { useDb } from "@/lib/server/db";
import { advanceDue } from "@/lib/server/advance-due";
import { playDueBots } from "@/lib/server/bots/due";
import { THINK_MIN_MS } from "@/lib/server/bots/pace";
import { POST as createRoute } from "@/app/api/rooms/route";
import { GET as roomRoute } from "@/app/api/rooms/[code]/route";
import { POST as readyRoute } from "@/app/api/rooms/[code]/ready/route";
import { POST as startRoute } from "@/app/api/rooms/[code]/start/route";
import { POST as resetRoute } from "@/app/api/rooms/[code]/reset/route";
import { POST as addBotRoute } from "@/app/api/rooms/[code]/bots/route";
import { readState } from "../support/stored-state";

// Every phase at 2% of its length (a 30-s night step takes 0.6 s); bots act at moments inside it.
process.env.MASOI_TIME_SCALE = "0.02";
const SCALE = 0.02;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

forEachDb("bot pass (Supabase Cron)", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  it("W-ROOM-4 / S-FLOW-5: one silent person + 7 bots make a whole game through the cron pass alone", async () => {
    const host = await signIn("Cron host");
    const created = await host.call(createRoute, { body: {} });
    const code = created.body.room.code as string;
    for (let i = 0; i < 7; i++) expect((await host.call(addBotRoute, { params: { code }, body: {} })).status).toBe(200);
    await host.call(readyRoute, { params: { code }, body: { ready: true } });
    const started = await host.call(startRoute, { params: { code } });
    expect(started.status).toBe(201);
    const gameId = started.body.gameId as string;

    const phaseStart = async () => {
      const [g] = await db().tx((tx) =>
        tx.query<{ at: number }>("select (extract(epoch from phase_started_at) * 1000)::float8 as at from games where id = $1", [gameId]),
      );
      return Number(g.at);
    };
    // Nothing is due at the very start of a phase: a bot's first moment is 5% or more into it.
    expect((await playDueBots(db(), await phaseStart())).acted).toBe(0);

    // Two passes at once act once: the idempotency key is the phase and the bot's action count.
    const at = (await phaseStart()) + 10_000 * SCALE;
    const [a, b] = await Promise.all([playDueBots(db(), at), playDueBots(db(), at)]);
    const keys = await db().tx((tx) =>
      tx.query<{ user_id: string; idempotency_key: string }>("select user_id, idempotency_key from action_requests where game_id = $1", [gameId]),
    );
    expect(keys.length).toBeLessThanOrEqual(7);
    expect(a.acted + b.acted).toBeGreaterThanOrEqual(keys.length);

    // The cron loop: advance what is due, then the bots, until the game ends.
    const deadline = Date.now() + 150_000;
    let ended = false;
    while (!ended && Date.now() < deadline) {
      await advanceDue(db(), Date.now());
      await playDueBots(db(), Date.now());
      const [g] = await db().tx((tx) => tx.query<{ ended: boolean }>("select ended from games where id = $1", [gameId]));
      ended = g.ended;
      await sleep(THINK_MIN_MS * SCALE);
    }
    expect(ended).toBe(true);
    const actors = await db().tx((tx) =>
      tx.query<{ user_id: string }>("select distinct user_id from action_requests where game_id = $1 and idempotency_key like 'cron:%'", [gameId]),
    );
    // Every bot alive when day 1's discussion began acted (it had that discussion at least); a
    // villager bitten on night 1, or shot at that dawn by a dying Hunter, never had anything to do.
    // Nobody acted for the silent person.
    const state = await readState<{ players: string[]; deaths: { day: number; when: string; players: string[] }[] }>(db(), gameId);
    const day1 = state.deaths.filter((d) => d.day === 1);
    const firstVote = day1.findIndex((d) => d.when === "vote");
    const diedBeforeTalk = day1.slice(0, firstVote < 0 ? day1.length : firstVote).flatMap((d) => d.players);
    const botsAtDay1 = state.players.filter((p) => p !== host.id && !diedBeforeTalk.includes(p));
    const acted = actors.map((r) => r.user_id);
    expect(botsAtDay1.length).toBeGreaterThanOrEqual(5);
    for (const bot of botsAtDay1) expect(acted, `day 1 deaths: ${JSON.stringify(day1)}`).toContain(bot);
    expect(acted).not.toContain(host.id);
    expect(acted.every((id) => state.players.includes(id))).toBe(true);

    // Play again: everyone un-ready; the pass readies the bots (and only them).
    expect((await host.call(resetRoute, { params: { code } })).status).toBe(200);
    expect((await playDueBots(db(), Date.now())).readied).toBe(7);
    const room = await host.call(roomRoute, { params: { code } });
    const ready = room.body.members.map((m: { isBot: boolean; ready: boolean }) => [m.isBot, m.ready]);
    expect(ready.filter(([isBot, r]: boolean[]) => isBot && r).length).toBe(7);
    expect(ready.filter(([isBot, r]: boolean[]) => !isBot && r).length).toBe(0);
  }, 180_000);
});
