// Issue 21, items 3, 9, 10 and 12, through the UI of an 8-seat standard game (three seats on
// pages with the wire auditor, the rest through the API with their own sessions):
// - a double click on a target never sends an action; a tap, then Confirm in its own bar, does;
// - wolves see each other's picks on the target buttons, may change theirs (S-WOLF-3) and are
//   warned while the picks differ;
// - the Seer's answer appears in the action panel at once and in the notebook (S-SEER-2);
// - during the vote everyone sees who has voted, never for whom (S-VOTE-6, S-VOTE-4).
// ACTIONS_SHOTS=1 also saves each of those screens at 390×844 and 1440×900 in vi, en and zh to
// /tmp/actions/ (run it against a server with a longer MASOI_TIME_SCALE: a night is 15 s here).
import { expect, test, type Page } from "@playwright/test";
import { waitPhase } from "./support/driver";
import type { Player } from "./support/players";
import { checkScreen } from "./support/screens";
import { act, call, newSeat, openPage, type Seat } from "./support/seats";
import { auditPlayer } from "./support/wire-audit";

const NAMES = ["Host", "An", "Bình", "Chi", "Dũng", "Giang", "Hà", "Khoa"];
const SHOTS = process.env.ACTIONS_SHOTS === "1";

/** Every POST of an action this page sends. */
function actionPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && /\/api\/games\/[^/]+\/actions$/.test(r.url())) posts.push(r.postData() ?? "");
  });
  return posts;
}

/** Saves the page at both sizes in every language (ACTIONS_SHOTS=1), then restores vi at 390×844. */
async function shots(p: Player, name: string, ready: (page: Page) => Promise<void>): Promise<void> {
  if (!SHOTS) return;
  for (const lang of ["vi", "en", "zh"]) {
    await p.context.addCookies([{ name: "ms_locale", value: lang, url: p.page.url() }]);
    await p.page.reload();
    await ready(p.page);
    for (const [w, h] of [
      [390, 844],
      [1440, 900],
    ]) {
      await p.page.setViewportSize({ width: w, height: h });
      await p.page.screenshot({ path: `/tmp/actions/${name}-${lang}-${w}.png`, fullPage: true });
    }
    await p.page.setViewportSize({ width: 390, height: 844 });
  }
  await p.context.addCookies([{ name: "ms_locale", value: "vi", url: p.page.url() }]);
  await p.page.reload();
  await ready(p.page);
}

test("issue 21: no vote by double tap; wolves agree on a victim; the Seer's answer; who has voted", async ({ browser }) => {
  test.setTimeout(240_000);
  const seats: Seat[] = [];
  for (const n of NAMES) seats.push(await newSeat(browser, n));
  try {
    for (const s of seats) s.id = (await call<{ user: { id: string } }>(s, "POST", "/api/auth/anonymous", { displayName: s.name })).user.id;
    const [host] = seats;
    const code = (await call<{ room: { code: string } }>(host, "POST", "/api/rooms", {})).room.code;
    for (const s of seats.slice(1)) await call(s, "POST", `/api/rooms/${code}/join`, {});
    for (const s of seats) await call(s, "POST", `/api/rooms/${code}/ready`, { ready: true });
    const { gameId } = await call<{ gameId: string }>(host, "POST", `/api/rooms/${code}/start`);
    for (const s of seats) s.role = (await call<{ role: string }>(s, "GET", `/api/games/${gameId}/me`)).role;
    const holder = (role: string) => seats.filter((s) => s.role === role);
    const [wa, wb] = holder("wolf");
    const [seerSeat] = holder("seer");
    const [guardSeat] = holder("guard");
    const [v1, v2] = holder("villager");

    const wolf = await openPage(wa, `/r/${code}`);
    const seer = await openPage(seerSeat, `/r/${code}`);
    const watcher = await openPage(guardSeat, `/r/${code}`);
    for (const p of [wolf, seer, watcher]) await waitPhase(p, "night.main", 1);
    const wolfPosts = actionPosts(wolf.page);
    const seerPosts = actionPosts(seer.page);
    const target = (p: Player, type: string, who: Seat) => p.page.locator(`[data-testid="target-${type}"][data-target="${who.id}"]`);

    // ---- Item 3: a double click on a target sends nothing. The target stays selected where it
    // was; the confirmation has its own bar and ignores input for a moment after it appears.
    // (The night lasts 15 s here: the slow checks come after the night's steps.)
    const second = seer.page.locator('[data-testid="target-inspect"]').nth(2);
    await Promise.all([second.dblclick(), target(wolf, "bite", v1).dblclick()]);
    await seer.page.waitForTimeout(600);
    expect(seerPosts).toEqual([]);
    expect(wolfPosts).toEqual([]);
    await expect(seer.page.getByTestId("confirm-bar")).toBeVisible();
    await expect(second).toHaveAttribute("aria-pressed", "true");
    if (SHOTS) await seer.page.screenshot({ path: "/tmp/actions/confirm-bar-vi-390.png", fullPage: true });
    await wolf.page.getByTestId("cancel").click();
    await expect(wolf.page.getByTestId("confirm-bar")).toHaveCount(0);

    // ---- Item 10: tap, then Confirm: the Seer's answer shows in the action panel at once.
    await target(seer, "inspect", wa).click();
    await expect(target(seer, "inspect", wa)).toHaveAttribute("aria-pressed", "true");
    await seer.page.getByTestId("confirm").click();
    await expect(seer.page.getByTestId("confirm")).toHaveCount(0);
    expect(seerPosts).toHaveLength(1);

    // ---- Item 9: the other wolf's pick shows on the target's button; a different pick warns.
    await act(wb, gameId, { type: "bite", target: v1.id });
    await expect(target(wolf, "bite", v1).getByTestId("pick-chip")).toHaveAttribute("data-by", wb.id);
    await target(wolf, "bite", v2).click();
    await wolf.page.getByTestId("confirm").click();
    await expect(wolf.page.getByTestId("confirm")).toHaveCount(0);
    expect(wolfPosts).toHaveLength(1);
    await expect(wolf.page.getByTestId("picks-differ")).toBeVisible();
    await expect(target(wolf, "bite", v2).getByTestId("pick-chip")).toHaveAttribute("data-by", wa.id);
    await expect(wolf.page.getByTestId("action-panel")).toHaveAttribute("data-repick", "true");
    await shots(wolf, "wolf-picks-differ", (page) => expect(page.getByTestId("picks-differ")).toBeVisible());
    // The other wolf changes to the same victim: the warning gives way to the agreed target.
    await act(wb, gameId, { type: "bite", target: v2.id });
    await expect(wolf.page.getByTestId("picks-agree")).toContainText(v2.name);
    await expect(target(wolf, "bite", v2).getByTestId("pick-chip")).toHaveCount(2);
    // Nobody but the living wolves sees a pick (S-WOLF-2).
    await expect(seer.page.getByTestId("pick-chip")).toHaveCount(0);
    await expect(watcher.page.getByTestId("pick-chip")).toHaveCount(0);
    await checkScreen(wolf.page, "night-wolf-picks");

    // The Seer's answer stays for the rest of the night, and in the notebook for the game.
    const answer = seer.page.getByTestId("seer-answer");
    await expect(answer).toHaveAttribute("data-result", "wolf");
    await expect(answer).toContainText(wa.name);
    await expect(answer).toContainText("phe Sói");
    await expect(seer.page.getByTestId("seer-history").locator(`[data-target="${wa.id}"]`)).toHaveAttribute("data-result", "wolf");
    await checkScreen(seer.page, "night-seer-answer");
    await shots(seer, "seer-answer", (page) => expect(page.getByTestId("seer-answer")).toBeVisible());

    // ---- Item 12: during the vote, everyone sees who has voted, never for whom.
    for (const p of [wolf, seer, watcher]) await waitPhase(p, "day", 1, SHOTS ? 300_000 : 60_000);
    const dead = (await call<{ view: { alive: Record<string, boolean> } }>(host, "GET", `/api/games/${gameId}/view`)).view.alive;
    const living = seats.filter((s) => dead[s.id] !== false);
    for (const s of living) await act(s, gameId, { type: "ready_to_vote" });
    for (const p of [wolf, seer, watcher]) await waitPhase(p, "vote", 1);
    const voters = living.filter((s) => s !== guardSeat).slice(0, 3);
    for (const s of voters) await act(s, gameId, { type: "vote", target: wa.id === s.id ? seerSeat.id : wa.id });
    const progress = watcher.page.getByTestId("vote-progress");
    await expect(progress).toHaveAttribute("data-voted", "3");
    await expect(progress).toHaveAttribute("data-total", String(living.length));
    await expect(progress).toContainText(`3/${living.length}`);
    await expect(watcher.page.locator('[data-testid="tile"][data-voted="true"]')).toHaveCount(3);
    for (const s of voters) await expect(watcher.page.locator(`[data-testid="tile"][data-player="${s.id}"]`).getByTestId("voted-mark")).toBeVisible();
    await expect(watcher.page.getByTestId("vote-tally")).toHaveCount(0);
    await checkScreen(watcher.page, "vote-who-voted");
    await shots(watcher, "who-voted", (page) => expect(page.getByTestId("vote-progress")).toHaveAttribute("data-voted", "3"));

    // ---- The wire: nothing secret, and "voted" never carries a target (wire-audit.ts).
    const truth = { roles: Object.fromEntries(seats.map((s) => [s.id, s.role])) };
    for (const p of [wolf, seer, watcher]) expect(auditPlayer(p.id, p.wire, truth), `${p.name} (${p.role})`).toEqual([]);
    const votedSeen = watcher.wire.records.filter((r) => r.body.includes('"type":"voted"'));
    expect(votedSeen.length).toBeGreaterThan(0);
  } finally {
    await Promise.all(seats.map((s) => s.context.close()));
  }
});
