// Supabase mode end to end (issue 27 item 2): two people (two browser contexts, as two phones) and
// six bots play a whole game in the production build made for Supabase — sign-in by Supabase Auth,
// every update announced on private Realtime channels, and the game moved on by the `advance` edge
// function under Deno, called every second as Supabase Cron calls it (the app runs no timer and no
// bots: MASOI_SCHEDULER=0, MASOI_BOTS=0; the browsers' deadline nudges are lost). Access tokens are
// short (SUPABASE_LOCAL_JWT_EXPIRY), so each browser refreshes its session every 30 s and pushes the
// new token on its joined channels; once the game runs, each tab is made to recover its session at
// once (as on coming back to the foreground), so a refresh lands mid-game however short the game.
// Every Realtime connection is dropped once mid-game. Both wires are audited.
import { expect, test } from "@playwright/test";
import { autoplay } from "../e2e/support/driver";
import { closeAll, hostRoom, joinByLink, learnOwnRole, newPlayer, setReady, type Player } from "../e2e/support/players";
import { auditPlayer } from "../e2e/support/wire-audit";
import { watchRealtime, type RealtimeWatch } from "./support/realtime-watch";
import type { CronTally } from "../supabase-local/cron";

const supabaseUrl = process.env.NEXT_PUBLIC_SUPABASE_URL ?? `http://127.0.0.1:${process.env.SUPABASE_LOCAL_PORT ?? "54321"}`;
const cronTally = async () => (await (await fetch(`${supabaseUrl}/__local/cron`)).json()) as CronTally;

test("S-FLOW-5, P-2: Supabase mode: two people and 6 bots play to the end, moved on by the Cron-called edge function; tokens refresh and connections drop mid-game, and the channels keep delivering", async ({ browser }) => {
  test.setTimeout(420_000);
  const players: Player[] = [];
  try {
    const host = await newPlayer(browser, "Host");
    const guest = await newPlayer(browser, "Khach");
    players.push(host, guest);
    const watches = new Map<Player, RealtimeWatch>(players.map((p) => [p, watchRealtime(p.page)]));
    // The browsers' own deadline nudges (`POST /tick` at zero, lib/client/use-countdown.ts) are
    // lost here, as from phones on a bad network, so every phase ends through the function alone.
    let nudges = 0;
    for (const p of players) {
      await p.context.route("**/api/games/*/tick", (route) => {
        nudges++;
        return route.abort("connectionfailed");
      });
    }
    const link = await hostRoom(host);
    await joinByLink(guest, link);
    for (let i = 0; i < 6; i++) await host.page.getByTestId("add-bot").click();
    await expect(host.page.getByTestId("seat")).toHaveCount(8);
    await setReady(host);
    await setReady(guest);
    // Bots are made ready by the function's bot pass, not by the app.
    await expect(host.page.getByTestId("is-ready")).toHaveCount(8, { timeout: 30_000 });
    const before = await cronTally();
    await host.page.getByTestId("start").click();
    for (const p of players) await expect(p.page.getByTestId("phase-banner")).toHaveAttribute("data-phase", /^night\./, { timeout: 30_000 });
    await Promise.all(players.map(learnOwnRole));
    const topics = new Map<Player, string[]>();
    for (const [p, w] of watches) {
      const room = w.joined.find((t) => /^realtime:room:/.test(t));
      const user = w.joined.find((t) => /^realtime:user:/.test(t));
      expect(room && user, `${p.name} joined its room and user channels`).toBeTruthy();
      topics.set(p, [room!, user!]);
    }
    // A tab coming back to the foreground recovers its session: within the expiry margin, that is a
    // refresh, and the new token is pushed on both joined channels while the game runs.
    const roomSeenAtRefresh = new Map<Player, number>();
    for (const [p, w] of watches) {
      const [room, user] = topics.get(p)!;
      const pushedBefore = w.tokenUpdates.length;
      await p.page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
      await expect
        .poll(() => w.tokenUpdates.slice(pushedBefore), { message: `${p.name} pushed a refreshed token`, timeout: 20_000 })
        .toEqual(expect.arrayContaining([room, user]));
      roomSeenAtRefresh.set(p, w.received.filter((r) => r.startsWith(`${room} `)).length);
    }

    // Mid-game every Realtime connection drops (as on a restart of Realtime): realtime-js
    // reconnects in each browser and joins both private channels again; the game goes on through them.
    let dropped = false;
    const dropOnce = async () => {
      if (dropped || watches.get(host)!.received.length < 3) return;
      dropped = true;
      const joinedBefore = players.map((p) => watches.get(p)!.joined.length);
      const res = await fetch(`${supabaseUrl}/__local/realtime/drop`, { method: "POST" });
      expect(res.status).toBe(204);
      for (const [i, p] of players.entries()) {
        await expect.poll(() => watches.get(p)!.joined.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(joinedBefore[i] + 2);
      }
    };
    const winner = (p: Player) => p.page.getByTestId("winner");
    await Promise.all([autoplay(host.page, winner(host), 360_000, dropOnce), autoplay(guest.page, winner(guest), 360_000)]);
    expect(dropped).toBe(true);

    // The edge function moved the game: with no timer in the app and the browsers' nudges lost,
    // its Cron calls ended every phase that ran out (others end when everyone has acted) and
    // played the bots. The shortest game is one night (in a CI run the village won after 14
    // Cron calls, with 4 bot actions in all); of that night's five roles with a turn (two wolves, Seer,
    // Guard, Witch, S-START-2) the two people hold two at most, so bots took three at least.
    const after = await cronTally();
    const advanced = after.advanced - before.advanced;
    console.log(`cron: ${after.calls - before.calls} calls, ${advanced} phases advanced, ${after.botActions - before.botActions} bot actions, ${after.failed - before.failed} failed; ${nudges} browser nudges lost`);
    expect(nudges, "the browsers did try to nudge").toBeGreaterThan(0);
    expect(advanced, "phases advanced by the function's Cron calls").toBeGreaterThan(0);
    expect(after.botActions - before.botActions, "bot actions taken by the function").toBeGreaterThanOrEqual(3);

    const roles: Record<string, string> = {};
    for (const row of await host.page.locator('[data-testid="results-roles"] [data-player]').all()) {
      roles[(await row.getAttribute("data-player"))!] = (await row.getAttribute("data-role"))!;
    }
    expect(Object.keys(roles)).toHaveLength(8);
    for (const p of players) {
      const w = watches.get(p)!;
      const [room, user] = topics.get(p)!;
      await expect(winner(p)).toBeVisible();
      expect(w.sockets.length, `${p.name} reconnected`).toBeGreaterThan(1);
      // The room channel kept delivering after the mid-game refresh (the game went on to its end
      // through its signals).
      const heardFromRoom = w.received.filter((r) => r.startsWith(`${room} `)).length;
      expect(heardFromRoom).toBeGreaterThan(3);
      expect(heardFromRoom, `${p.name} heard the room after its refresh`).toBeGreaterThan(roomSeenAtRefresh.get(p)!);
      // P-2 on this wire too: a broadcast is a signal (its kind) or a step's delivery (its room or
      // user shape, docs/realtime.md "Deliveries"), plus Supabase's message id, on the player's own
      // topics (what a delivery holds is checked by the delivery tests); HTTP bodies hide the
      // others' secrets until the end.
      const shapes = new Set(["id,kind", "events,game,id,step", "events,game,id,public,step"]);
      for (const keys of w.payloadKeys) expect(shapes.has(keys), `a broadcast with keys ${keys}`).toBe(true);
      expect(w.payloadKeys.has("events,game,id,step"), `${p.name} was delivered the game's steps`).toBe(true);
      expect(new Set(w.received.map((r) => r.split(" ")[0]))).toEqual(new Set([room, user]));
      expect(auditPlayer(p.id, p.wire, { roles }), `${p.name} (${p.role})`).toEqual([]);
    }
  } finally {
    await closeAll(players);
  }
});
