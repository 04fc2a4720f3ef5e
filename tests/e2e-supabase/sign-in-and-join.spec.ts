// Supabase mode end to end, first step (issue 27 item 2): in the production build made for
// Supabase, a host signs in through Supabase Auth (the local services, tests/supabase-local) and
// opens a room, a guest joins by the invite link, and the host's lobby shows the guest through a
// private Realtime channel authorized by the realtime.messages policy.
import { expect, test } from "@playwright/test";
import { closeAll, hostRoom, joinByLink, newPlayer, type Player } from "../e2e/support/players";
import { watchRealtime } from "./support/realtime-watch";

const supabaseUrl = () => new URL(process.env.NEXT_PUBLIC_SUPABASE_URL ?? `http://127.0.0.1:${process.env.SUPABASE_LOCAL_PORT ?? "54321"}`);

test("Supabase mode: sign in through Supabase Auth, open a room, a guest joins and the host hears it on a private channel", async ({ browser }) => {
  const players: Player[] = [];
  try {
    const host = await newPlayer(browser, "Host");
    players.push(host);
    const realtime = watchRealtime(host.page);
    const link = await hostRoom(host);

    // The session is Supabase's (sb-<ref>-auth-token cookie), verified by getClaims on the server.
    const cookies = await host.context.cookies();
    expect(cookies.some((c) => /^sb-.+-auth-token/.test(c.name))).toBe(true);
    await expect.poll(() => realtime.sockets.length).toBeGreaterThan(0);
    const socket = new URL(realtime.sockets[0]);
    expect(`${socket.host}${socket.pathname}`).toBe(`${supabaseUrl().host}/realtime/v1/websocket`);
    await expect.poll(() => realtime.joined.length).toBe(2);
    expect(realtime.joined.every((t) => /^realtime:(room|user):[0-9a-f-]{36}$/.test(t))).toBe(true);
    await expect(host.page.getByTestId("seat")).toHaveCount(1);

    const guest = await newPlayer(browser, "Khach");
    players.push(guest);
    await joinByLink(guest, link);
    // The join's `room` signal reaches the host's private room channel; the lobby reads again.
    await expect.poll(() => realtime.received).toContain(`${realtime.joined.find((t) => t.includes(":room:"))} room`);
    await expect(host.page.getByTestId("seat")).toHaveCount(2);
    await expect(guest.page.getByTestId("seat")).toHaveCount(2);
  } finally {
    await closeAll(players);
  }
});
