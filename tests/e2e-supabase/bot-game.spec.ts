// Supabase mode end to end (issue 27 item 2): one person and seven bots play a whole game in the
// production build made for Supabase — sign-in by Supabase Auth, every update announced on
// private Realtime channels — with access tokens short enough (SUPABASE_LOCAL_JWT_EXPIRY) that the
// browser refreshes its session mid-game and pushes the new token on its joined channels, and
// with the Realtime connection dropped once mid-game.
import { expect, test } from "@playwright/test";
import { autoplay } from "../e2e/support/driver";
import { openBotRoom } from "../e2e/support/layout";
import { closeAll, learnOwnRole, newPlayer, type Player } from "../e2e/support/players";
import { auditPlayer } from "../e2e/support/wire-audit";
import { watchRealtime } from "./support/realtime-watch";

test("Supabase mode: a person and 7 bots play to the end; the token refreshes and the connection drops mid-game, and the channels keep delivering", async ({ browser }) => {
  test.setTimeout(360_000);
  const players: Player[] = [];
  try {
    const host = await newPlayer(browser, "Host");
    players.push(host);
    const realtime = watchRealtime(host.page);
    await openBotRoom(host);
    await host.page.getByTestId("start").click();
    await expect(host.page.getByTestId("phase-banner")).toHaveAttribute("data-phase", /^night\./, { timeout: 30_000 });
    await learnOwnRole(host);
    const roomTopic = realtime.joined.find((t) => /^realtime:room:/.test(t))!;
    const userTopic = realtime.joined.find((t) => /^realtime:user:/.test(t))!;
    expect(roomTopic && userTopic).toBeTruthy();

    // Mid-game the Realtime connection drops (as on a network loss): realtime-js reconnects and
    // joins both private channels again, and the game goes on through them.
    let dropped = false;
    const dropOnce = async () => {
      if (dropped || realtime.received.length < 3) return;
      dropped = true;
      const joinedBefore = realtime.joined.length;
      const res = await fetch(`${process.env.NEXT_PUBLIC_SUPABASE_URL ?? "http://127.0.0.1:54321"}/__local/realtime/drop`, { method: "POST" });
      expect(res.status).toBe(204);
      await expect.poll(() => realtime.joined.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(joinedBefore + 2);
    };
    await autoplay(host.page, host.page.getByTestId("winner"), 300_000, dropOnce);
    expect(dropped).toBe(true);
    expect(realtime.sockets.length).toBeGreaterThan(1);
    await expect(host.page.getByTestId("winner")).toBeVisible();
    // The session was refreshed while playing: the new token went to both channels, and the room
    // channel kept delivering after it (the game went on to its end through its signals).
    expect(realtime.tokenUpdates).toEqual(expect.arrayContaining([roomTopic, userTopic]));
    expect(realtime.received.filter((r) => r.startsWith(`${roomTopic} `)).length).toBeGreaterThan(3);
    // P-2 on this wire too: signals carry only their kind (and Supabase's message id), on the
    // host's own topics; HTTP bodies hide the bots' secrets until the end.
    expect([...realtime.payloadKeys]).toEqual(["id,kind"]);
    expect(new Set(realtime.received.map((r) => r.split(" ")[0]))).toEqual(new Set([roomTopic, userTopic]));
    const roles: Record<string, string> = {};
    for (const row of await host.page.locator('[data-testid="results-roles"] [data-player]').all()) {
      roles[(await row.getAttribute("data-player"))!] = (await row.getAttribute("data-role"))!;
    }
    expect(Object.keys(roles)).toHaveLength(8);
    expect(auditPlayer(host.id, host.wire, { roles })).toEqual([]);
  } finally {
    await closeAll(players);
  }
});
