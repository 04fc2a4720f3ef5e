// Issue 21, items 9 and 12, on the wire (what each player's /events returns under RLS):
// S-WOLF-3 — a changed pick reaches the living wolves only; S-VOTE-6 — "X has voted" reaches
// everyone, with one shape and never the target, while the vote itself stays secret (S-VOTE-4).
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import { useDb } from "@/lib/server/db";
import { advanceDue } from "@/lib/server/advance-due";
import { GET as eventsRoute } from "@/app/api/games/[id]/events/route";
import { GET as viewRoute } from "@/app/api/games/[id]/view/route";
import type { Client } from "./helpers";
import { killStored, startedGame, type Table } from "./game-setup";

interface WireEvent {
  type: string;
  audience: { kind: string };
  [k: string]: unknown;
}

forEachDb("picks and votes on the wire", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  const eventsOf = async (t: Table, c: Client): Promise<WireEvent[]> => (await c.call(eventsRoute, { params: { id: t.gameId } })).body.events;
  const viewOf = async (t: Table, c: Client) => (await c.call(viewRoute, { params: { id: t.gameId } })).body.view;

  it("S-WOLF-3 / S-WOLF-2: each changed pick reaches the living wolves only; the view shows one pick per wolf", async () => {
    const t = await startedGame();
    const [w1, w2] = t.byRole("wolf");
    const [v1, v2] = t.byRole("villager");
    const others = t.players.filter((p) => t.role.get(p.id) !== "wolf");
    expect((await t.act(w1, { type: "bite", target: v1.id })).status).toBe(200);
    expect((await t.act(w2, { type: "bite", target: v2.id })).status).toBe(200);
    expect((await t.act(w1, { type: "bite", target: v2.id })).status).toBe(200);
    const picksOf = async (c: Client) => (await eventsOf(t, c)).filter((e) => e.type === "pick").map((e) => [e.by, e.target]);
    expect(await picksOf(w2)).toEqual([
      [w1.id, v1.id],
      [w2.id, v2.id],
      [w1.id, v2.id],
    ]);
    expect((await viewOf(t, w2)).wolfPicks).toEqual([
      { by: w1.id, target: v2.id },
      { by: w2.id, target: v2.id },
    ]);
    for (const p of others) {
      expect(await picksOf(p)).toEqual([]);
      expect((await viewOf(t, p)).wolfPicks).toEqual([]);
    }
    // A dead wolf no longer reads the pack's picks, this change or any earlier one (S-CHAT-3).
    await killStored(db(), t.gameId, w2.id);
    expect((await t.act(w1, { type: "bite", target: v1.id })).status).toBe(200);
    expect((await picksOf(w1)).at(-1)).toEqual([w1.id, v1.id]);
    expect(await picksOf(w2)).toEqual([]);
  });

  it("S-VOTE-6 / S-VOTE-4: everyone reads that a player voted, in one shape without the target; the choice reaches the voter only", async () => {
    const t = await startedGame();
    for (let i = 0; i < 3; i++) await advanceDue(db(), await t.deadline()); // night.main → night.witch → day → vote
    expect(await t.phase()).toBe("vote");
    const living = t.players;
    const [voter, target] = [living[2], living[5]];
    expect((await t.act(voter, { type: "vote", target: target.id })).status).toBe(200);
    for (const p of living) {
      const events = await eventsOf(t, p);
      const voted = events.filter((e) => e.type === "voted");
      expect(voted).toHaveLength(1);
      expect(Object.keys(voted[0]).sort()).toEqual(["at", "audience", "day", "player", "type"]);
      expect(voted[0]).toMatchObject({ audience: { kind: "public" }, player: voter.id, day: 1 });
      expect(JSON.stringify(voted)).not.toContain(target.id);
      const acks = events.filter((e) => e.type === "vote_ack");
      expect(acks).toHaveLength(p === voter ? 1 : 0);
      const view = await viewOf(t, p);
      expect(view.voters).toEqual([voter.id]);
      expect(view.myVote).toBe(p === voter ? target.id : null);
      expect(view.tallies).toEqual([]);
    }
  });
});
