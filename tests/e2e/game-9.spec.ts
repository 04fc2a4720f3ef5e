// A full 9-player standard game through the UI to a Wolf win (S-WIN-1 step 3), with the wolves'
// private chat by night (S-CHAT-3) and the wire auditor on every context.
import { expect, test } from "@playwright/test";
import { actOn, actPlain, byRole, sendChat, waitPhase } from "./support/driver";
import { closeAll, setupGame, type Player } from "./support/players";
import { auditPlayer } from "./support/wire-audit";

test("9 players, standard: wolves chat by night and win at parity; nothing secret on anyone's wire", async ({ browser }) => {
  const { players } = await setupGame(browser, 9);
  try {
    const wolves = byRole(players, "wolf");
    expect(wolves).toHaveLength(3);
    const [seer] = byRole(players, "seer");
    const [guard] = byRole(players, "guard");
    const [witch] = byRole(players, "witch");
    const [v0, v1] = byRole(players, "villager");
    const living = new Set(players);
    const each = (fn: (p: Player) => Promise<void>) => Promise.all([...living].map(fn));

    // ---- Night 1: wolf chat is for the wolves only; they bite v0.
    await each((p) => waitPhase(p, "night.main", 1));
    await sendChat(wolves[0].page, "cắn Chi nhé");
    for (const w of wolves.slice(1)) await expect(w.page.getByTestId("chat-log")).toContainText("cắn Chi nhé");
    await expect(seer.page.getByTestId("chat-tab-wolves-1")).toHaveCount(0);
    await expect(seer.page.getByTestId("chat-log")).not.toContainText("cắn Chi nhé");
    await Promise.all([
      ...wolves.map((w) => actOn(w.page, "bite", v0.id)),
      actOn(guard.page, "protect", guard.id),
      actOn(seer.page, "inspect", wolves[1].id),
    ]);
    await waitPhase(witch, "night.witch", 1);
    await actPlain(witch.page, "skip");

    // ---- Day 1 → Vote 1: everyone votes v1 out.
    await each((p) => waitPhase(p, "day", 1));
    living.delete(v0);
    // The wolf tab stays readable to living wolves by day, but closed for writing.
    await wolves[0].page.getByTestId("chat-tab-wolves-1").click();
    await expect(wolves[0].page.getByTestId("chat-log")).toContainText("cắn Chi nhé");
    await expect(wolves[0].page.getByTestId("chat-input")).toBeDisabled();
    await each((p) => actPlain(p.page, "ready_to_vote"));
    await each((p) => waitPhase(p, "vote", 1));
    await each((p) => actOn(p.page, "vote", p === v1 ? seer.id : v1.id));

    // ---- Night 2: wolves bite the seer → 3 wolves vs 3 villagers at dawn → Wolves win.
    await each((p) => waitPhase(p, "night.main", 2));
    living.delete(v1);
    await Promise.all([...wolves.map((w) => actOn(w.page, "bite", seer.id)), actOn(guard.page, "protect", witch.id)]);
    await waitPhase(witch, "night.witch", 2);
    await actPlain(witch.page, "skip");
    for (const p of players) await expect(p.page.getByTestId("winner")).toHaveAttribute("data-winner", "wolves");
    for (const w of wolves) await expect(players[0].page.locator(`[data-testid="results-roles"] [data-player="${w.id}"]`)).toHaveAttribute("data-role", "wolf");

    const truth = { roles: Object.fromEntries(players.map((p) => [p.id, p.role])) };
    for (const p of players) expect(auditPlayer(p.id, p.wire, truth), `${p.name} (${p.role})`).toEqual([]);
    // The game reached every browser as deliveries on its stream (lib/realtime/game-feed.ts), not as
    // a `GET /events` per step: the only reads are the 20 s heartbeat's (and one after a gap).
    for (const p of players) {
      const game = p.wire.records.filter((r) => (r.kind === "sse" && r.url === "events") || r.url.includes("/api/games/"));
      const pushed = game.filter((r) => r.kind === "sse").reduce((n, r) => n + (JSON.parse(r.body) as { events: unknown[] }).events.length, 0);
      const reads = game.filter((r) => r.kind === "http" && /\/api\/games\/[^/]+\/events\?/.test(r.url)).length;
      const heartbeats = Math.ceil((game[game.length - 1].at - game[0].at) / 20_000);
      expect(pushed, `${p.name}: pushed events`).toBeGreaterThanOrEqual(10);
      expect(reads, `${p.name}: GET /events (${pushed} events pushed)`).toBeLessThanOrEqual(heartbeats + 1);
    }
  } finally {
    await closeAll(players);
  }
});
