// Fault: the server is SIGKILLed mid-night and mid-vote and started again on the same data
// directory. Every game resumes in the same phase with the same deadline (so the same remaining
// time), and nothing a player was told had been accepted is lost (S-FLOW-5, W-ROOM-5).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../support/server";
import { startApp, type AppServer } from "./support/server";
import { act, eventsSince, readGame, startGame, waitPhase, type Game, type GameRead } from "./support/client";
import { dayToVote, living, playNightOne } from "./support/play";

let server: AppServer;

beforeAll(async () => {
  await ensureBuild();
  // 0.7: night.main 21 s, vote 42 s — room to kill and restart inside one phase on a busy machine.
  server = await startApp({ timeScale: 0.7 });
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

async function snapshot(g: Game) {
  const out = new Map<string, { events: unknown[]; game: GameRead; at: number }>();
  for (const p of g.players) {
    const game = await readGame(p, g.gameId);
    out.set(p.id, { events: (await eventsSince(p, g.gameId)).events, game, at: Date.now() });
  }
  return out;
}

describe("kill -9 and restart", () => {
  it("S-FLOW-5: games resume mid-night and mid-vote with the same deadline; no accepted action or chat line is lost", async () => {
    const voting = await startGame(server.url, "V", 8, { dayLength: 30 });
    await playNightOne(voting);
    await waitPhase(voting.host, voting.gameId, ["day"], 90_000);

    const tStart = Date.now();
    const night = await startGame(server.url, "N", 8, { dayLength: 30 });
    const tStarted = Date.now();
    const { victim } = await playNightOne(night);
    console.log(`[faults] start ${tStarted - tStart} ms, night actions ${Date.now() - tStarted} ms`);

    await dayToVote(voting);
    const atVote = await readGame(voting.host, voting.gameId);
    const voters = living(voting, atVote.alive).slice(0, 3);
    const targets = new Map<string, string>();
    for (const v of voters) {
      const target = voting.players.find((p) => p.id !== v.id && atVote.alive.get(p.id))!;
      expect((await act(v, voting.gameId, { type: "vote", target: target.id })).status).toBe(200);
      targets.set(v.id, target.id);
    }

    const before = new Map([...(await snapshot(voting)), ...(await snapshot(night))]);
    expect((await readGame(night.host, night.gameId)).phase).toBe("night.main");
    expect((await readGame(voting.host, voting.gameId)).phase).toBe("vote");

    const t0 = Date.now();
    await server.kill9();
    await server.restart();
    console.log(`[faults] restart took ${Date.now() - t0} ms; snapshot took ${t0 - Math.min(...[...before.values()].map((b) => b.at))} ms`);

    for (const g of [night, voting]) {
      for (const p of g.players) {
        const was = before.get(p.id)!;
        const now = await readGame(p, g.gameId);
        const elapsed = Date.now() - was.at;
        expect({ phase: now.phase, day: now.day, deadline: now.deadline }).toEqual({
          phase: was.game.phase,
          day: was.game.day,
          deadline: was.game.deadline,
        });
        const remainingBefore = was.game.deadline! - was.game.serverNow;
        const remainingNow = now.deadline! - now.serverNow;
        expect(remainingNow).toBeGreaterThan(0);
        expect(Math.abs(remainingNow - (remainingBefore - elapsed))).toBeLessThan(1000);
        // Still inside the same phase, so exactly the same events: nothing lost, nothing invented.
        expect((await eventsSince(p, g.gameId)).events).toEqual(was.events);
      }
      console.log(`[faults] checked ${g.code} ${Date.now() - t0} ms after the kill`);
    }

    // The vote goes on: the rest vote after the restart, the tally holds the pre-crash votes too.
    const rest = living(voting, atVote.alive).filter((p) => !targets.has(p.id));
    for (const p of rest) {
      const target = voting.players.find((o) => o.id !== p.id && atVote.alive.get(o.id))!;
      expect((await act(p, voting.gameId, { type: "vote", target: target.id })).status).toBe(200);
    }
    const tally = (await eventsSince(voting.host, voting.gameId)).events.find((e) => e.type === "vote_result" && e.day === 1);
    expect(tally).toBeDefined();
    for (const [by, target] of targets) expect(tally.votes[by]).toBe(target);

    // The night's timer was re-armed from the database: it moves on by itself at its deadline,
    // and the Witch is told the pre-crash bite.
    await waitPhase(night.host, night.gameId, ["night.witch"], 40_000);
    const witch = night.byRole("witch")[0];
    const told = (await eventsSince(witch, night.gameId)).events.find((e) => e.type === "witch_target");
    expect(told?.target).toBe(victim.id);
  }, 150_000);
});
