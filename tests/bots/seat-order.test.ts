// Issue 21 item 5: the server seats a new game in an order drawn from the game's seed, not in join
// order (the host held seat 0 of every game). Six games of the same room: the host is not at seat 0
// in all of them (a chance of 8^-5 if the order were right and still gave seat 0 every time).
import { expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import { startEightPlayerGame } from "../realtime/started-game";

forEachDb("seat order at the start (S-START-2)", (db) => {
  it("S-START-2: seats follow a drawn order, not join order: the host is not always at seat 0", async () => {
    const hostSeats: number[] = [];
    for (let g = 0; g < 6; g++) {
      const { gameId, players } = await startEightPlayerGame(db());
      const rows = await db().tx((tx) => tx.query<{ user_id: string; seat: number }>("select user_id, seat from game_players where game_id = $1 order by seat", [gameId]));
      expect(rows.map((r) => r.user_id).sort()).toEqual(players.map((p) => p.sub).sort());
      hostSeats.push(rows.find((r) => r.user_id === players[0].sub)!.seat);
    }
    expect(hostSeats.some((s) => s !== 0), `host seats ${hostSeats.join(",")}`).toBe(true);
  });
});
