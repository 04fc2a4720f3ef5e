// The browser's incremental view equals a whole `GET /view` for every player after every step of
// real games played through the route handlers, both ways the browser keeps it current:
// - pulled (lib/realtime/view-sync.ts: `GET /view` once, then only the events after its cursor);
// - delivered (lib/realtime/game-feed.ts: `GET /view` once, then the events each step delivers on the
//   player's embedded realtime stream, migration 0036 — with no read at all in the common case),
// including the ways events become readable out of order: a Thief who takes a Wolf card
// (C-THIEF-1: the pack's earlier events open to them), a wolf's death (S-CHAT-3: the pack's events
// close to them) and the end of the game (S-END-1: every audience opens). Delivered, it also checks
// who is sent the pack's events (S-CHAT-3: living wolves only, until the end).
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import { sseRouteSuite } from "../realtime/sse-route";
import type { SseReader } from "../realtime/sse-reader";
import { seedRng } from "@/lib/game/core/rng";
import { chooseAction } from "@/lib/game/werewolf/bot";
import { applyEvent, viewerAccess } from "@/lib/game/werewolf/view";
import type { WerewolfAction, WerewolfState, WerewolfView } from "@/lib/game/werewolf/types";
import { syncView, type Synced, type SyncDeps } from "@/lib/realtime/view-sync";
import { createGameFeed, type GameFeed } from "@/lib/realtime/game-feed";
import { parseDelivery, type Delivery } from "@/lib/realtime/delivery";
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
import { readState } from "../support/stored-state";

const MAX_STEPS = 600;

interface Counts {
  /** Whole reads (`GET /view`). */
  full: number;
  /** Event pages read (`GET /events`). */
  pages: number;
  /** Deliveries (step messages) received for the game. */
  deliveries: number;
}

/** One way the browser keeps each player's view current; `viewOf` brings it up to date with `whole`. */
interface ViewSource {
  counts: Counts;
  viewOf(p: Client, whole: WerewolfView): Promise<WerewolfView>;
  /** The deliveries `p` received since the last call (delivered only). */
  delivered?(p: Client): Delivery[];
  close(): Promise<void>;
}

forEachDb("incremental views", (db) => {
  const route = sseRouteSuite(db);
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  const stateOf = async (gameId: string) =>
    readState<WerewolfState>(db(), gameId);

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
  function depsOf(c: Client, gameId: string, counts: Counts): SyncDeps<WerewolfView> {
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

  /** Pulled: each check reads what is new (`GET /events`), as after a signal. */
  function pulled(gameId: string): ViewSource {
    const counts: Counts = { full: 0, pages: 0, deliveries: 0 };
    const synced = new Map<string, Synced<WerewolfView> | null>();
    return {
      counts,
      async viewOf(p) {
        const at = await syncView(synced.get(p.id) ?? null, depsOf(p, gameId, counts));
        synced.set(p.id, at);
        return at.view;
      },
      close: async () => undefined,
    };
  }

  /**
   * Delivered: each player's feed folds what a real `GET /api/realtime` stream of theirs delivers
   * (each step's events, addressed by the writing transaction: migration 0036). The stream is open
   * before the first whole read, so nothing is missed; a check reads nothing, it only waits for the
   * deliveries to arrive. Every delivery each player received is kept for the S-CHAT-3 check.
   */
  async function delivered(gameId: string, players: Client[]): Promise<ViewSource> {
    const counts: Counts = { full: 0, pages: 0, deliveries: 0 };
    const [{ room_id: roomId }] = await db().tx((tx) => tx.query<{ room_id: string }>("select room_id from games where id = $1", [gameId]));
    const feeds = new Map<string, { feed: GameFeed; view: WerewolfView | null; got: Delivery[] }>();
    const errors: unknown[] = [];
    const pump = async (feed: GameFeed, got: Delivery[], stream: SseReader) => {
      for (;;) {
        const f = await stream.next((x) => x.event === "events", 600_000).catch(() => null);
        if (f === null) return; // closed: the suite ended
        const d = parseDelivery(f.data);
        expect(d).not.toBeNull();
        if (d!.game === gameId) {
          counts.deliveries++;
          got.push(d!);
        }
        feed.deliver(d!);
      }
    };
    const streams = await Promise.all(players.map((p) => route.connect(p.id, roomId)));
    for (const [i, p] of players.entries()) {
      const entry = {
        view: null as WerewolfView | null,
        got: [] as Delivery[],
        feed: createGameFeed(gameId, {
          ...depsOf(p, gameId, counts),
          onView: (v) => (entry.view = v),
          onError: (e) => errors.push(e),
        }),
      };
      feeds.set(p.id, entry);
      void pump(entry.feed, entry.got, streams[i]);
      entry.feed.refresh();
    }
    return {
      counts,
      delivered: (p) => feeds.get(p.id)!.got.splice(0),
      async viewOf(p, whole) {
        const entry = feeds.get(p.id)!;
        const deadline = Date.now() + 10_000;
        for (;;) {
          await entry.feed.idle();
          expect(errors).toEqual([]);
          if (isDeepStrictEqual(entry.view, whole) || Date.now() > deadline) return entry.view!;
          await new Promise((r) => setTimeout(r, 5));
        }
      },
      close: async () => {
        for (const e of feeds.values()) await e.feed.idle();
        await Promise.all(streams.map((r) => r.cancel()));
      },
    };
  }

  /**
   * Plays the game to its end with the engine's bot in every seat (the Thief takes a Wolf card when
   * there is one), and after every accepted action and every phase change brings each player's
   * incremental view up to date and compares it with a whole `GET /view`.
   */
  async function playChecked(players: Client[], gameId: string, seed: number, source: ViewSource) {
    const rng = seedRng(seed);
    let thiefTookWolf = false;
    let wolfDiedMidGame = false;
    /** Checks that found the game in a new phase: each comes from one transaction with a public event. */
    let phaseChanges = 0;
    let lastPhase = "";
    let checks = 0;
    /** Pack events delivered (delivered only): S-CHAT-3 must have had something to check. */
    let packDelivered = 0;
    const views = new Map<string, WerewolfView>();
    const check = async () => {
      checks++;
      for (const p of players) {
        const whole = (await p.call(viewRoute, { params: { id: gameId } })).body.view as WerewolfView;
        if (p === players[0]) {
          const phase = `${whole.day}:${whole.phase}`;
          if (lastPhase !== "" && phase !== lastPhase) phaseChanges++;
          lastPhase = phase;
        }
        const v = await source.viewOf(p, whole);
        expect(v).toEqual(whole);
        views.set(p.id, v);
        // S-CHAT-3, P-2: what this step delivered to p. The room message carries public events
        // only; a pack event goes to a wolf alive after the step, or to anyone once the game ended
        // (S-END-1). Deliveries are judged against the step's post-step seats, as `whole` is.
        for (const d of source.delivered?.(p) ?? []) {
          if (d.public === undefined) expect(d.events.every((e) => e.a === "public")).toBe(true);
          for (const e of d.events.filter((x) => x.a === "team:wolves")) {
            packDelivered++;
            expect(whole.ended || (whole.myRole === "wolf" && whole.alive[whole.me]), `${p.id} got ${JSON.stringify(e)}`).toBe(true);
          }
        }
        if (v.myRole === "wolf" && !v.alive[v.me] && !v.ended) wolfDiedMidGame = true;
      }
    };
    try {
      await check();
      for (let step = 0; step < MAX_STEPS; step++) {
        let acted = false;
        for (const p of players) {
          const view = views.get(p.id)!;
          if (view.ended) {
            const wolves = Object.values(view.roles).filter((r) => r === "wolf").length;
            return { counts: source.counts, packDelivered, thiefTookWolf, wolfDiedMidGame, wolves, phaseChanges, checks, deaths: view.players.filter((q) => !view.alive[q]).length };
          }
          let action: WerewolfAction | null = chooseAction(view, rng);
          const wolfCard = view.thiefCards?.indexOf("wolf") ?? -1;
          if (view.phase === "night.thief" && view.legal.some((l) => l.type === "steal") && wolfCard >= 0) {
            action = { type: "steal", card: wolfCard === 0 ? 0 : 1 };
            thiefTookWolf = true;
          }
          if (action === null) continue;
          const r = await p.call(actionsRoute, { params: { id: gameId }, body: { action, idempotencyKey: `s${seed}-${step}-${p.id}` } });
          // Bots here play many phases a second, faster than S-CHAT-5 lets anyone talk (a wolf's
          // pack line and day line each cycle passed 5 in 5 s once) and, on a fast machine, than the
          // per-player action meter allows (CI): that seat waits, as a client would; nothing was written.
          if (r.status === 429 && r.body.error?.code === "RATE_LIMITED") continue;
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
    } finally {
      await source.close();
    }
    throw new Error("the game did not end");
  }

  type Played = Awaited<ReturnType<typeof playChecked>>;

  /**
   * Whole reads: one per player at the start and one at the end, at most one per death before the
   * end; pulled, also one per wolf when the pack's audience first appears in a page (night 1). The
   * rest is events: read after each step (pulled) or delivered, with no read at all.
   */
  function expectReads(mode: "pulled" | "delivered", r: Played, players: number, extra = 0) {
    const firstPack = mode === "pulled" ? r.wolves : 0;
    expect(r.counts.full).toBeGreaterThanOrEqual(2 * players + firstPack + extra);
    expect(r.counts.full).toBeLessThanOrEqual(2 * players + firstPack + r.deaths + extra);
    // Bounds from the game's own length (a fixed count failed once on a short Thief game).
    if (mode === "pulled") expect(r.counts.pages).toBeGreaterThanOrEqual(r.checks * players - r.counts.full);
    else {
      // Every player learns of every phase change from a delivery, except where a whole read brought it.
      expect(r.counts.deliveries).toBeGreaterThanOrEqual(r.phaseChanges * players - r.counts.full);
      // No gap, no lost pairing: never a GET /events.
      expect(r.counts.pages).toBe(0);
      expect(r.packDelivered).toBeGreaterThan(0);
    }
  }

  for (const mode of ["pulled", "delivered"] as const) {
    const sourceOf = (gameId: string, players: Client[]) => (mode === "pulled" ? Promise.resolve(pulled(gameId)) : delivered(gameId, players));

    describe(mode, () => {
      it("S-END-1, P-4: after every step of a standard game each player's incremental view equals GET /view", async () => {
        const { players, gameId } = await start({ ruleset: "standard" });
        const r = await playChecked(players, gameId, 7, await sourceOf(gameId, players));
        expectReads(mode, r, players.length);
      }, 120_000);

      it("C-CUPID-1, C-GIRL-1, C-SHERIFF-1, C-REVEAL-1: the same in a classic game with every other optional role and the Sheriff", async () => {
        const { players, gameId } = await start({ ruleset: "classic", classic: { roles: ["witch", "hunter", "cupid", "little_girl"], sheriff: true } });
        const r = await playChecked(players, gameId, 5, await sourceOf(gameId, players));
        expectReads(mode, r, players.length);
      }, 120_000);

      it("S-WOLF-2, S-CHAT-3: a wolf who dies mid-game can no longer read any pack event, and its incremental view forgets them as GET /view does", async () => {
        // Play until a wolf dies before the end (about half of these games).
        for (let attempt = 0; attempt < 12; attempt++) {
          const { players, gameId } = await start({ ruleset: "classic", classic: { roles: ["witch", "hunter", "cupid", "little_girl"], sheriff: true } });
          const { wolfDiedMidGame } = await playChecked(players, gameId, 200 + attempt, await sourceOf(gameId, players));
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
          const r = await playChecked(players, gameId, 11, await sourceOf(gameId, players));
          expect(r.thiefTookWolf).toBe(true);
          // As in standard, plus the Thief's new card (its access changed) before the pack's audience opens.
          expectReads(mode, r, players.length, 1);
          return;
        }
        throw new Error("no deal put a Wolf card in the middle");
      }, 240_000);
    });
  }
});
