// Faults over real HTTP: the same action sent twice at the same moment has exactly one effect;
// actions racing a phase deadline are counted in that phase or refused, never half-applied.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../support/server";
import { startApp, type AppServer } from "./support/server";
import { act, eventsSince, freshKey, startGame, waitPhase, type Game, type Reply } from "./support/client";
import { living } from "./support/play";

let server: AppServer;
let game: Game;

beforeAll(async () => {
  await ensureBuild();
  // 0.2: night.main 6 s, witch 4 s, day 6 s (dayLength 30), vote 12 s.
  server = await startApp({ timeScale: 0.2 });
  game = await startGame(server.url, "R", 8, { dayLength: 30 });
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

/** Fires `fn` when the local clock (the server's, same host) reaches `at`. */
const at = <T>(when: number, fn: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => setTimeout(() => fn().then(resolve, reject), Math.max(0, when - Date.now())));

describe("the same request twice at the same moment", () => {
  it("S-SEER-2: one inspection, one result — both answers identical", async () => {
    const seer = game.byRole("seer")[0];
    const target = game.byRole("wolf")[0];
    const key = freshKey("dup");
    const [a, b] = await Promise.all([
      act(seer, game.gameId, { type: "inspect", target: target.id }, key),
      act(seer, game.gameId, { type: "inspect", target: target.id }, key),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    const results = (await eventsSince(seer, game.gameId)).events.filter((e) => e.type === "seer_result");
    expect(results).toHaveLength(1);
  });

  it("S-CHAT-3: one wolf chat line for one key; a second key for the same skip is ALREADY_ACTED", async () => {
    const [wolf, other] = game.byRole("wolf");
    const key = freshKey("dup");
    const text = `once ${key}`;
    const replies = await Promise.all([1, 2, 3].map(() => act(wolf, game.gameId, { type: "chat", channel: "wolves", text }, key)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    const lines = (await eventsSince(other, game.gameId)).events.filter((e) => e.type === "chat" && e.text === text);
    expect(lines).toHaveLength(1);

    // A pick may be changed (S-WOLF-3), a skip may not be repeated: two at once, one is refused.
    const skips = await Promise.all([1, 2].map(() => act(wolf, game.gameId, { type: "skip" })));
    expect(skips.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(skips.find((r) => r.status === 409)!.body.error.code).toBe("ALREADY_ACTED");
    const skipped = (await eventsSince(wolf, game.gameId)).events.filter((e) => e.type === "skipped");
    expect(skipped).toHaveLength(1);
  });
});

describe("actions racing the deadline", () => {
  it("S-CHAT-1, S-FLOW-5: day chat sent around the day's deadline is in Day 1's chat or refused", async () => {
    const day = await waitPhase(game.host, game.gameId, ["day"], 60_000);
    const speakers = living(game, day.alive);
    // Offsets from -1.2 s to +0.4 s around the deadline (requests take a while on a busy machine); the day ends by its timer (nobody ready).
    const sent = await Promise.all(
      speakers.flatMap((p, i) =>
        [0, 1].map(async (j) => {
          const text = `race ${i}-${j} ${freshKey()}`;
          const offset = -1200 + ((i * 2 + j) * 1600) / (speakers.length * 2 - 1);
          const reply: Reply = await at(day.deadline! + offset, () => act(p, game.gameId, { type: "chat", channel: "day", text }));
          return { text, reply };
        }),
      ),
    );
    const chat = (await game.host.get(`/api/games/${game.gameId}/chat?channel=day&day=1`)).body.messages.map((m: { text: string }) => m.text);
    for (const { text, reply } of sent) {
      if (reply.status === 200) expect(chat).toContain(text);
      else {
        expect(reply.status).toBe(409);
        expect(reply.body.error.code).toBe("WRONG_PHASE");
        expect(chat).not.toContain(text);
      }
    }
    const all = (await eventsSince(game.host, game.gameId)).events.filter((e) => e.type === "chat");
    for (const { text } of sent) expect(all.filter((e) => e.text === text).length).toBeLessThanOrEqual(1);
    console.log(`[faults] day-deadline race: ${sent.filter((s) => s.reply.status === 200).length} accepted, ${sent.filter((s) => s.reply.status !== 200).length} refused`);
  });

  it("S-VOTE-2, S-FLOW-4: votes around the vote's deadline are in that vote's tally or refused", async () => {
    const vote = await waitPhase(game.host, game.gameId, ["vote"], 60_000);
    const voters = living(game, vote.alive);
    const sent = await Promise.all(
      voters.map(async (p, i) => {
        const target = voters[(i + 1) % voters.length];
        // Spread across the deadline; the last voter stays silent so the vote closes by its timer.
        if (i === voters.length - 1) return { p, target, reply: null };
        const offset = -1200 + (i * 1600) / Math.max(1, voters.length - 2);
        const reply = await at(vote.deadline! + offset, () => act(p, game.gameId, { type: "vote", target: target.id }));
        return { p, target, reply };
      }),
    );
    const after = await waitPhase(game.host, game.gameId, ["night.main", "night.witch", "hunter", "day"], 30_000);
    expect(after.phase).not.toBe("vote");
    const events = (await eventsSince(game.host, game.gameId)).events;
    const tally = events.find((e) => e.type === "vote_result" && e.day === 1);
    expect(tally).toBeDefined();
    for (const { p, target, reply } of sent) {
      if (!reply) continue;
      const acks = (await eventsSince(p, game.gameId)).events.filter((e) => e.type === "vote_ack" && e.day === 1);
      if (reply.status === 200) {
        expect(tally.votes[p.id]).toBe(target.id);
        expect(acks).toHaveLength(1);
      } else {
        expect(reply.status).toBe(409);
        expect(reply.body.error.code).toBe("WRONG_PHASE");
        expect(tally.votes[p.id]).toBeUndefined();
        expect(acks).toHaveLength(0);
      }
    }
    expect(Object.keys(tally.votes).sort()).toEqual(sent.filter((s) => s.reply?.status === 200).map((s) => s.p.id).sort());
    console.log(`[faults] vote-deadline race: ${Object.keys(tally.votes).length} counted of ${sent.length - 1} sent`);
  });
});

