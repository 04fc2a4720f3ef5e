// Issue 22 item 9: an ended game survives "Play again" and a crash. A host and seven bots play a
// game to its end, the host plays again, a new member joins; then the server is SIGKILLed and
// started on the same data directory. The room's list of earlier games and the game's results
// read exactly as before, for the host; the member who joined after the end reads neither, before
// or after; and the results page `/g/<id>` answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../support/server";
import { startApp, type AppServer } from "./support/server";
import { act, signIn, type Player } from "./support/client";
import type { WerewolfView } from "@/lib/game/werewolf/types";
import { personMove } from "../support/person-move";

let server: AppServer;

beforeAll(async () => {
  await ensureBuild();
  // 0.1: the bots' game runs to its end in well under a minute.
  server = await startApp({ timeScale: 0.1 });
}, 400_000);

afterAll(async () => {
  await server?.stop();
});

/** Everything of the history `p` reads: the room's list and the game's results reads. */
async function historyOf(p: Player, code: string, gameId: string) {
  const [list, game, view, me] = await Promise.all([
    p.get(`/api/rooms/${code}/games`),
    p.get(`/api/games/${gameId}`),
    p.get(`/api/games/${gameId}/view`),
    p.get(`/api/games/${gameId}/me`),
  ]);
  return {
    list: [list.status, list.body?.games],
    game: [game.status, game.body?.game ?? game.body, game.body?.players],
    view: [view.status, view.body?.view ?? view.body],
    me: [me.status, me.body],
  };
}

describe("game history across a restart", () => {
  it("an ended game and the room's list of it survive 'play again' and kill -9; a later member still reads nothing of it", async () => {
    const host = await signIn(server.url, "HistoryHost");
    const code: string = (await host.post("/api/rooms", {})).body.room.code;
    for (let i = 0; i < 7; i++) expect((await host.post(`/api/rooms/${code}/bots`, {})).status).toBe(200);
    expect((await host.post(`/api/rooms/${code}/ready`, { ready: true })).status).toBe(200);
    const started = await host.post(`/api/rooms/${code}/start`, {});
    expect(started.status).toBe(201);
    const gameId: string = started.body.gameId;
    // The host plays too, as a person at the table (tests/support/person-move.ts): absent, a host
    // dealt a Wolf never bites, and once the other wolf is dead the bots' game can go on for days.
    const taken = new Set<string>();
    const until = Date.now() + 150_000;
    for (;;) {
      const view = (await host.get(`/api/games/${gameId}/view`)).body.view as WerewolfView;
      if (view.ended) break;
      expect(Date.now(), "the game ends").toBeLessThan(until);
      const action = personMove(view, taken);
      if (action) await act(host, gameId, action);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect((await host.post(`/api/rooms/${code}/reset`, {})).status).toBe(200);
    const late = await signIn(server.url, "LateMember");
    expect((await late.post(`/api/rooms/${code}/join`, {})).status).toBe(200);

    const before = await historyOf(host, code, gameId);
    expect(before.list[0]).toBe(200);
    expect((before.list[1] as { id: string }[]).map((g) => g.id)).toEqual([gameId]);
    expect(before.view[0]).toBe(200);
    expect((before.view[1] as { ended: boolean }).ended).toBe(true);
    expect(before.me[0]).toBe(200);
    const lateBefore = await historyOf(late, code, gameId);
    expect(lateBefore.list).toEqual([200, []]);
    for (const read of [lateBefore.game, lateBefore.view, lateBefore.me]) expect(read[0]).toBe(404);

    await server.kill9();
    await server.restart();

    const after = await historyOf(host, code, gameId);
    expect(after).toEqual(before);
    expect(await historyOf(late, code, gameId)).toEqual(lateBefore);
    const page = await host.get(`/g/${gameId}`);
    expect(page.status).toBe(200);
  }, 300_000);
});
