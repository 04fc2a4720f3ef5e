// Scripted moves shared by the fault tests: the first night's actions and reaching the vote.
import { expect } from "vitest";
import { act, freshKey, waitPhase, type Game, type Player } from "./client";

export const living = (g: Game, alive: Map<string, boolean>) => g.players.filter((p) => alive.get(p.id) !== false);

/** Wolves bite the first villager, wolf chat, the seer inspects a wolf, the guard protects itself. */
export async function playNightOne(g: Game): Promise<{ victim: Player }> {
  const wolves = g.byRole("wolf");
  const victim = g.byRole("villager")[0];
  for (const w of wolves) expect((await act(w, g.gameId, { type: "bite", target: victim.id })).status).toBe(200);
  expect((await act(wolves[0], g.gameId, { type: "chat", channel: "wolves", text: `night plan ${freshKey()}` })).status).toBe(200);
  expect((await act(g.byRole("seer")[0], g.gameId, { type: "inspect", target: wolves[0].id })).status).toBe(200);
  const guard = g.byRole("guard")[0];
  expect((await act(guard, g.gameId, { type: "protect", target: guard.id })).status).toBe(200);
  return { victim };
}

/** From the day: a chat line, then everyone living says ready; returns once the vote is open. */
export async function dayToVote(g: Game): Promise<void> {
  const day = await waitPhase(g.host, g.gameId, ["day"]);
  const speakers = living(g, day.alive);
  expect((await act(speakers[0], g.gameId, { type: "chat", channel: "day", text: `good morning ${freshKey()}` })).status).toBe(200);
  for (const p of speakers) expect((await act(p, g.gameId, { type: "ready_to_vote" })).status).toBe(200);
  await waitPhase(g.host, g.gameId, ["vote"]);
}
