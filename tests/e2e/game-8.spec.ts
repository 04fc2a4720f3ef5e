// A full 8-player standard game, each player in their own browser context, played through the UI
// to a Village win, with a wire auditor on every context, reloads mid-night and mid-vote, and the
// dead refused chat and vote in the UI and by the API.
import { expect, test } from "@playwright/test";
import { postAction } from "./support/api";
import { actOn, actPlain, byRole, sendChat, waitPhase } from "./support/driver";
import { closeAll, setupGame, type Player } from "./support/players";
import { checkScreen } from "./support/screens";
import { auditPlayer } from "./support/wire-audit";

test("8 players, standard: night, day, vote, hunter shot, Village wins; nothing secret on anyone's wire", async ({ browser }) => {
  const { players, gameId } = await setupGame(browser, 8);
  try {
    const [host] = players;
    const [w0, w1] = byRole(players, "wolf");
    const [seer] = byRole(players, "seer");
    const [guard] = byRole(players, "guard");
    const [witch] = byRole(players, "witch");
    const [hunter] = byRole(players, "hunter");
    const [v0, v1] = byRole(players, "villager");
    const living = new Set(players);
    const each = (fn: (p: Player) => Promise<void>) => Promise.all([...living].map(fn));

    // ---- Night 1: wolves bite v0 (S-WOLF-1), seer inspects w0, guard protects himself, witch skips.
    await each((p) => waitPhase(p, "night.main", 1));
    await checkScreen(w0.page, "night-wolf");
    await actOn(w0.page, "bite", v0.id);
    // S-WOLF-2: the other wolf sees the pick as it arrives, on the target's button; nobody else sees any pick.
    const chipsOn = (p: Player, target: Player) => p.page.locator(`[data-testid="target-bite"][data-target="${target.id}"] [data-testid="pick-chip"]`);
    await expect(chipsOn(w1, v0)).toHaveAttribute("data-by", w0.id);
    await expect(seer.page.getByTestId("wolf-picks")).toHaveCount(0);
    await expect(seer.page.getByTestId("pick-chip")).toHaveCount(0);
    await Promise.all([
      actOn(w1.page, "bite", v0.id),
      actOn(seer.page, "inspect", w0.id),
      actOn(guard.page, "protect", guard.id),
    ]);
    // S-SEER-1/2: the result is the side only, kept in the seer's history.
    await expect(seer.page.getByTestId("seer-history").locator("[data-result]")).toHaveAttribute("data-result", /wol/);
    // A reload mid-night restores the same step and what was already done (W-ROOM-5).
    await w1.page.reload();
    await waitPhase(w1, "night.main", 1);
    await expect(chipsOn(w1, v0)).toHaveCount(2);
    // S-WOLF-3: the pick may still be changed until the step ends; the panel says whose it is.
    await expect(w1.page.getByTestId("action-panel")).toHaveAttribute("data-repick", "true");
    await expect(w1.page.getByTestId("picks-agree")).toContainText(v0.name);
    await checkScreen(seer.page, "night-seer");

    await waitPhase(witch, "night.witch", 1);
    // S-WITCH-2: the witch is shown the wolves' target while her save potion is unused.
    await expect(witch.page.getByTestId("wolf-target")).toContainText(v0.name);
    await checkScreen(witch.page, "night-witch");
    await actPlain(witch.page, "skip");

    // ---- Day 1: v0 died at dawn (names only, no cause).
    await each((p) => waitPhase(p, "day", 1));
    living.delete(v0);
    await expect(v0.page.getByTestId("you-are-dead")).toBeVisible();
    await expect(host.page.locator(`[data-testid="tile"][data-player="${v0.id}"]`)).toHaveAttribute("data-alive", "false");
    // S-CHAT-1 / P-6: the dead read but never send — the UI says why, the API refuses.
    await expect(v0.page.getByTestId("chat-input")).toBeDisabled();
    await expect(v0.page.getByTestId("chat-disabled")).not.toBeEmpty();
    const deadChat = await postAction(v0, gameId, { type: "chat", channel: "day", text: "from the grave" });
    expect(deadChat.status).toBe(403);
    expect(deadChat.code).toBe("NOT_ALIVE");
    await checkScreen(v0.page, "day-dead");
    // Text only: markup arrives as characters, links are not links (S-CHAT-5).
    const msg = "<b>seer here</b> https://example.com";
    await sendChat(seer.page, msg);
    await expect(host.page.getByTestId("chat-log")).toContainText(msg);
    await expect(host.page.getByTestId("chat-log").locator("b, a")).toHaveCount(0);
    await checkScreen(host.page, "day");
    await each((p) => actPlain(p.page, "ready_to_vote"));

    // ---- Vote 1: everyone but the wolves votes w0 (S-VOTE-1..3).
    await each((p) => waitPhase(p, "vote", 1));
    await checkScreen(host.page, "vote");
    await actOn(seer.page, "vote", w0.id);
    // Reload mid-vote: the vote stays locked (S-VOTE-2).
    await seer.page.reload();
    await waitPhase(seer, "vote", 1);
    await expect(seer.page.getByTestId("action-status")).toContainText(w0.name);
    await expect(seer.page.locator('[data-testid="target-vote"]')).toHaveCount(0);
    const deadVote = await postAction(v0, gameId, { type: "vote", target: w1.id });
    expect(deadVote.status).toBe(403);
    await expect(v0.page.locator('[data-testid="target-vote"]')).toHaveCount(0);
    await Promise.all(
      [...living]
        .filter((p) => p !== seer)
        .map((p) => actOn(p.page, "vote", p.role === "wolf" ? v1.id : w0.id)),
    );

    // ---- Night 2: the tally is public (S-VOTE-4); w0 is out.
    await each((p) => waitPhase(p, "night.main", 2));
    living.delete(w0);
    await expect(host.page.getByTestId("vote-tally")).toContainText(w0.name);
    await checkScreen(host.page, "night-tally");
    await Promise.all([
      actOn(w1.page, "bite", hunter.id),
      actOn(seer.page, "inspect", w1.id),
      actOn(guard.page, "protect", seer.id),
    ]);
    await waitPhase(witch, "night.witch", 2);
    await expect(witch.page.getByTestId("wolf-target")).toContainText(hunter.name);
    await actPlain(witch.page, "skip");

    // ---- Dawn 2: the hunter dies and shoots the last wolf (S-HUNTER-1/2) → Village wins.
    await waitPhase(hunter, "hunter", 2);
    await checkScreen(hunter.page, "hunter");
    await actOn(hunter.page, "shoot", w1.id);
    for (const p of players) await expect(p.page.getByTestId("winner")).toHaveAttribute("data-winner", "village");
    await checkScreen(host.page, "results");
    // S-END-1: every role on the board, and the timeline names the night's secrets.
    for (const p of players)
      await expect(host.page.locator(`[data-testid="results-roles"] [data-player="${p.id}"]`)).toHaveAttribute("data-role", p.role);
    await expect(host.page.getByTestId("timeline")).toContainText(w1.name);

    // P-2: replay every byte each context received against the true roles.
    const truth = { roles: Object.fromEntries(players.map((p) => [p.id, p.role])) };
    for (const p of players) expect(auditPlayer(p.id, p.wire, truth), `${p.name} (${p.role})`).toEqual([]);
    expect(players.every((p) => p.wire.records.some((r) => r.kind === "sse"))).toBe(true);

    // "Play again": everyone is back in the lobby, un-ready (W-ROOM-4).
    await host.page.getByTestId("play-again").click();
    for (const p of players) await expect(p.page.getByTestId("ready-toggle")).toHaveAttribute("aria-pressed", "false");
  } finally {
    await closeAll(players);
  }
});
