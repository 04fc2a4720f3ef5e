// The browser's incremental view (lib/client/view-sync.ts: `GET /view` once, then only the events
// after its cursor, folded in the browser) equals a whole `GET /view` for every player after every
// step of real games played through the route handlers — including the two ways events become
// readable out of order: a Thief who takes a Wolf card (C-THIEF-1: the pack's earlier events open
// to them) and the end of the game (S-END-1: every audience opens, a dead wolf's lost chat too).
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import { seedRng } from "@/lib/game/core/rng";
import { chooseAction } from "@/lib/game/werewolf/bot";
import { applyEvent } from "@/lib/game/werewolf/view";
import type { WerewolfAction, WerewolfState, WerewolfView } from "@/lib/game/werewolf/types";
import { syncView, type Synced, type SyncDeps } from "@/lib/client/view-sync";
import { viewerAccess } from "@/lib/client/use-game";
import { useDb } from "@/lib/server/db";
import { advanceDue } from "@/lib/server/advance-due";
import { PATCH as settingsRoute } from "@/app/api/rooms/[code]/settings/route";
import { POST as startRoute } from "@/app/api/rooms/[code]/start/route";
import { GET as gameRoute } from "@/app/api/games/[id]/route";
import { GET as eventsRoute } from "@/app/api/games/[id]/events/route";
import { GET as viewRoute } from "@/app/api/games/[id]/view/route";
import { POST as actionsRoute } from "@/app/api/games/[id]/actions/route";
import type { Client } from "./helpers";
import { lobby, readyAll } from "./game-setup";

const MAX_STEPS = 600;

forEachDb("incremental views", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  const stateOf = async (gameId: string) =>
    (await db().tx((tx) => tx.query<{ state: WerewolfState }>("select state from game_states where game_id = $1", [gameId])))[0].state;

  /** A started game of 8 with these room settings. */
  async function start(settings: Record<string, unknown>) {
    const { code, players, host } = await lobby(8);
    expect((await host.call(settingsRoute, { method: "PATCH", params: { code }, body: settings })).status).toBe(200);
    await readyAll(code, players);
    const started = await host.call(startRoute, { params: { code } });
    expect(started.status).toBe(201);
    return { players, gameId: started.body.gameId as string };
  }

  /** The browser's two reads, counted. */
  function depsOf(c: Client, gameId: string, counts: { full: number; pages: number }): SyncDeps<WerewolfView> {
    const params = { id: gameId };
    return {
      full: async () => {
        counts.full++;
        const r = await c.call(viewRoute, { params });
        expect(r.status).toBe(200);
        return { view: r.body.view, cursor: r.body.cursor };
      },
      page: async (cursor) => {
        counts.pages++;
        const r = await c.call(eventsRoute, { params, query: `?cursor=${encodeURIComponent(cursor)}` });
        expect(r.status).toBe(200);
        return r.body;
      },
      apply: applyEvent,
      access: viewerAccess,
    };
  }

  /**
   * Plays the game to its end with the engine's bot in every seat (the Thief takes a Wolf card when
   * there is one), and after every accepted action and every phase change brings each player's
   * incremental view up to date and compares it with a whole `GET /view`.
   */
  async function playChecked(players: Client[], gameId: string, seed: number) {
    const counts = { full: 0, pages: 0 };
    const synced = new Map<string, Synced<WerewolfView> | null>(players.map((p) => [p.id, null]));
    const rng = seedRng(seed);
    let thiefTookWolf = false;
    let wolfDiedMidGame = false;
    const check = async () => {
      for (const p of players) {
        const at = await syncView(synced.get(p.id)!, depsOf(p, gameId, counts));
        const whole = await p.call(viewRoute, { params: { id: gameId } });
        expect(at.view).toEqual(whole.body.view);
        synced.set(p.id, at);
        const v = at.view;
        if (v.myRole === "wolf" && !v.alive[v.me] && !v.ended) wolfDiedMidGame = true;
      }
    };
    await check();
    for (let step = 0; step < MAX_STEPS; step++) {
      let acted = false;
      for (const p of players) {
        const view = synced.get(p.id)!.view;
        if (view.ended) {
          const wolves = Object.values(view.roles).filter((r) => r === "wolf").length;
          return { counts, thiefTookWolf, wolfDiedMidGame, wolves, deaths: view.players.filter((q) => !view.alive[q]).length };
        }
        let action: WerewolfAction | null = chooseAction(view, rng);
        const wolfCard = view.thiefCards?.indexOf("wolf") ?? -1;
        if (view.phase === "night.thief" && view.legal.some((l) => l.type === "steal") && wolfCard >= 0) {
          action = { type: "steal", card: wolfCard === 0 ? 0 : 1 };
          thiefTookWolf = true;
        }
        if (action === null) continue;
        const r = await p.call(actionsRoute, { params: { id: gameId }, body: { action, idempotencyKey: `s${seed}-${step}-${p.id}` } });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        acted = true;
        break;
      }
      if (!acted) {
        const deadline: number = (await players[0].call(gameRoute, { params: { id: gameId } })).body.game.deadline;
        await advanceDue(db(), deadline);
      }
      await check();
    }
    throw new Error("the game did not end");
  }

  it("S-END-1, P-4: after every step of a standard game each player's incremental view equals GET /view", async () => {
    const { players, gameId } = await start({ ruleset: "standard" });
    const { counts, wolves, deaths } = await playChecked(players, gameId, 7);
    // One whole read per player at the start and one at the end, one per wolf when the pack's
    // audience first appears (night 1), one per death before the last page; the rest is events.
    expect(counts.full).toBeGreaterThanOrEqual(2 * players.length + wolves);
    expect(counts.full).toBeLessThanOrEqual(2 * players.length + wolves + deaths);
    expect(counts.pages).toBeGreaterThan(20 * players.length);
  }, 120_000);

  it("C-CUPID-1, C-GIRL-1, C-SHERIFF-1, C-REVEAL-1: the same in a classic game with every other optional role and the Sheriff", async () => {
    const { players, gameId } = await start({ ruleset: "classic", classic: { roles: ["witch", "hunter", "cupid", "little_girl"], sheriff: true } });
    const { counts, wolves, deaths } = await playChecked(players, gameId, 5);
    expect(counts.full).toBeGreaterThanOrEqual(2 * players.length + wolves);
    expect(counts.full).toBeLessThanOrEqual(2 * players.length + wolves + deaths);
  }, 120_000);

  it("S-WOLF-2, S-CHAT-3: a wolf who dies mid-game can no longer read any pack event, and its incremental view forgets them as GET /view does", async () => {
    // Play until a wolf dies before the end (about half of these games).
    for (let attempt = 0; attempt < 12; attempt++) {
      const { players, gameId } = await start({ ruleset: "classic", classic: { roles: ["witch", "hunter", "cupid", "little_girl"], sheriff: true } });
      const { wolfDiedMidGame } = await playChecked(players, gameId, 200 + attempt);
      if (wolfDiedMidGame) return;
    }
    throw new Error("no wolf died before the end");
  }, 240_000);

  it("C-THIEF-1: a Thief who takes a Wolf card reads the pack's earlier events, and still sees what GET /view shows", async () => {
    // Deal until a seated Thief has a Wolf card in the middle (≈ 30% of deals of 8 + 2 cards).
    for (let attempt = 0; attempt < 20; attempt++) {
      const { players, gameId } = await start({ ruleset: "classic", classic: { roles: ["thief"] } });
      // A seated Thief (the Thief card may itself lie in the middle) with a Wolf card to take.
      const dealt = await stateOf(gameId);
      if (dealt.thief === null || !dealt.middle?.includes("wolf")) continue;
      const { counts, thiefTookWolf, wolves, deaths } = await playChecked(players, gameId, 11);
      expect(thiefTookWolf).toBe(true);
      // As in standard, plus the Thief's new card (its access changed) before the pack's audience opens.
      expect(counts.full).toBeGreaterThanOrEqual(2 * players.length + wolves + 1);
      expect(counts.full).toBeLessThanOrEqual(2 * players.length + wolves + deaths + 1);
      return;
    }
    throw new Error("no deal put a Wolf card in the middle");
  }, 240_000);
});
