// The server-side bot runner: hears what realtime sends the rooms that have bots — the deliveries
// browsers get, on the room's topic and each bot's user topic — and lets each bot think for a
// human-like moment, then play one turn through the person's path (turn.ts). Bots in the lobby are
// kept ready. Each bot's view is kept as a browser keeps its player's (lib/realtime/game-feed.ts):
// read whole as the bot under RLS once, then folded from its deliveries, read again only after a
// gap, a change of what it may read, or a lost LISTEN. The phase is read per turn (its start and
// deadline are public), so the runner can start at any time (after a restart it resumes every room
// with bots) and several runners only cost refused duplicates.
import type { Db } from "../../db/types";
import { createGameFeed, type GameFeed } from "../../realtime/game-feed";
import { parseNotification, type Signal } from "../../realtime/signal";
import { roomOfTopic } from "../../realtime/topics";
import { AppError } from "../app-error";
import { setReady } from "../rooms/member-state";
import { getEvents, getView } from "../games/reads";
import { botClaims, type BotMember } from "./identity";
import { getMode } from "../../game/modes";
import { botSeeds, choiceRng, dueAt, firstWindowOf, notBefore, phaseKeyOf, type BotSeeds } from "./pace";
import { botSecret } from "./secret";
import { botTurn, type BotMemory, type TurnResult } from "./turn";

const CHANNEL = "realtime";
const USER_TOPIC = /^user:([0-9a-f-]{36})$/;

interface RoomBots {
  code: string;
  status: "lobby" | "playing";
  gameId: string | null;
  bots: (BotMember & { ready: boolean })[];
}

interface Seat {
  timer: ReturnType<typeof setTimeout> | null;
  /** Ends the current think early (stop). */
  release: (() => void) | null;
  busy: boolean;
  again: boolean;
  memory: BotMemory | null;
  seeds: BotSeeds | null;
  gameId: string | null;
  /** An action the brain chose before its moment (pace.ts `notBefore`): look again then. */
  held: { phaseKey: string; until: number } | null;
  /** The current wait is for a held action: a signal ends it early (the people may be ready now). */
  holding: boolean;
  /** The bot's view of its current game, folded from its deliveries. */
  feed: { gameId: string; feed: GameFeed<unknown> } | null;
}

export interface BotRunnerOptions {
  db: Db;
  clock?: () => number;
  log?: Pick<Console, "error">;
  /** The key of the bots' seeds (default: `botSecret()`). */
  secret?: () => Promise<Uint8Array>;
  /** Called after every turn (tests, diagnostics). */
  onTurn?: (bot: BotMember, result: TurnResult) => void;
}

export interface BotRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Re-read a room's bots and wake them (the bots endpoint calls this after a change). */
  refresh(roomId: string): Promise<void>;
  /** Resolves when no turn is running or scheduled (tests). */
  idle(): Promise<void>;
  /** The bots the runner holds a seat for (a timer, a memory, a view): tests, diagnostics. */
  seated(): string[];
}

export function createBotRunner(opts: BotRunnerOptions): BotRunner {
  const { db } = opts;
  const clock = opts.clock ?? Date.now;
  const log = opts.log ?? console;
  const secret = opts.secret ?? (() => botSecret());
  const rooms = new Map<string, RoomBots>();
  const roomOfBot = new Map<string, string>();
  const seats = new Map<string, Seat>();
  const running = new Set<Promise<unknown>>();
  let unlisten: (() => Promise<void>) | null = null;
  let stopped = true;

  const track = (p: Promise<unknown>) => {
    running.add(p);
    void p.finally(() => running.delete(p));
  };

  async function loadRoom(roomId: string): Promise<void> {
    const rows = await db.tx((tx) =>
      tx.query<{ code: string; status: "lobby" | "playing"; game_id: string | null; user_id: string; display_name: string; ready: boolean }>(
        `select r.code, r.status, r.game_id, m.user_id, m.display_name, m.ready
           from rooms r join room_members m on m.room_id = r.id and m.is_bot
          where r.id = $1 order by m.joined_at, m.user_id`,
        [roomId],
      ),
    );
    const before = rooms.get(roomId);
    const bots = rows.map((r) => ({ userId: r.user_id, displayName: r.display_name, ready: r.ready }));
    const kept = new Set(bots.map((b) => b.userId));
    for (const b of before?.bots ?? []) {
      roomOfBot.delete(b.userId);
      if (!kept.has(b.userId)) forgetSeat(b.userId);
    }
    if (rows.length === 0) {
      rooms.delete(roomId);
      return;
    }
    for (const b of bots) roomOfBot.set(b.userId, roomId);
    rooms.set(roomId, { code: rows[0].code, status: rows[0].status, gameId: rows[0].game_id, bots });
  }

  const seatOf = (botId: string): Seat => {
    let s = seats.get(botId);
    if (!s) seats.set(botId, (s = { timer: null, release: null, busy: false, again: false, memory: null, seeds: null, gameId: null, held: null, holding: false, feed: null }));
    return s;
  };

  /** A bot that left its room (removed by the host) leaves nothing behind: its wait ends, its view goes. */
  function forgetSeat(botId: string): void {
    const seat = seats.get(botId);
    if (!seat) return;
    seats.delete(botId);
    seat.again = false;
    seat.feed = null;
    seat.release?.();
  }

  /** The bot's view of `gameId`, as a browser keeps it: read whole once, then folded from deliveries. */
  function feedOf(bot: BotMember, gameId: string, mode: string): GameFeed<unknown> | null {
    const seat = seatOf(bot.userId);
    if (seat.feed?.gameId === gameId) return seat.feed.feed;
    const m = getMode(mode);
    if (!m?.bot) return null;
    const claims = botClaims(bot);
    const feed = createGameFeed<unknown>(gameId, {
      full: async () => {
        const { view, cursor } = await getView(db, claims, gameId);
        return { view, cursor };
      },
      page: (cursor) => getEvents(db, claims, gameId, cursor),
      apply: m.applyEvent,
      access: m.bot.access,
      // The bot decides on `current()` when its moment comes; nothing is shown.
      onView: () => undefined,
      onError: (error) => log.error("[bots] view read failed", error),
    });
    seat.feed = { gameId, feed };
    feed.refresh();
    return feed;
  }

  /** The view the bot decides on: every delivery heard so far folded in (read whole when there is none). */
  async function viewOf(feed: GameFeed<unknown>): Promise<unknown> {
    await feed.idle();
    if (feed.current() === null) {
      feed.refresh();
      await feed.idle();
    }
    const view = feed.current();
    if (view === null) throw new Error("the bot's view could not be read");
    return view;
  }

  /** Lobby: a bot is always ready (after "play again" everyone starts un-ready). */
  async function keepReady(roomId: string, room: RoomBots): Promise<void> {
    for (const bot of room.bots) {
      // A bot the host removed meanwhile is not readied (its room was read again without it).
      if (bot.ready || roomOfBot.get(bot.userId) !== roomId) continue;
      await setReady(db, botClaims(bot), room.code, true).catch((error: unknown) => {
        // …or was removed between that check and this write: nothing to ready.
        if (!(error instanceof AppError && error.code === "NOT_A_MEMBER")) throw error;
      });
    }
  }

  /** Think (wait), then one turn; a wake-up during either runs the bot once more afterwards. */
  function wakeBot(bot: BotMember, gameId: string): void {
    const seat = seatOf(bot.userId);
    if (seat.busy || seat.timer) {
      seat.again = true;
      // Waiting on a held "ready": ask again now, as the moment may have moved (people-ready.ts).
      if (seat.holding) {
        seat.held = null;
        seat.release?.();
      }
      return;
    }
    seat.busy = true;
    seat.again = false;
    track(
      plan(bot, gameId, seat)
        .catch((error) => log.error("[bots] turn failed", error))
        .finally(() => {
          seat.busy = false;
          if (seat.again && !stopped && seats.get(bot.userId) === seat) wakeBot(bot, gameId);
        }),
    );
  }

  /** The game's phase as the bot may read it, with when it began (public, like its deadline). */
  async function phaseOf(bot: BotMember, gameId: string) {
    const [g] = await db.asUser(botClaims(bot), (tx) =>
      tx.query<{ mode: string; phase: string; day: number; ended: boolean; started: number | null; deadline: number | null; time_scale: number | null }>(
        `select mode, phase, day, ended, (extract(epoch from phase_started_at) * 1000)::float8 as started,
            (extract(epoch from deadline) * 1000)::float8 as deadline, (config ->> 'timeScale')::float8 as time_scale
           from games where id = $1`,
        [gameId],
      ),
    );
    return g ? { ...g, phaseKey: phaseKeyOf(g.phase, g.day, g.started) } : null;
  }

  /**
   * Waits until the bot's next action of the phase is due — its moment in the phase (pace.ts: the
   * same moments whatever its role or its earlier draws), or later when the brain's last choice was
   * held — then plays one turn in that phase. If the phase moved on meanwhile, it plans again for
   * the new one instead of acting.
   */
  async function plan(bot: BotMember, gameId: string, seat: Seat): Promise<void> {
    const game = await phaseOf(bot, gameId);
    if (!game || game.ended || stopped) {
      if (seat.feed?.gameId === gameId) seat.feed = null;
      return;
    }
    const feed = feedOf(bot, gameId, game.mode);
    if (seat.gameId !== gameId || !seat.memory || !seat.seeds) {
      const seeds = await botSeeds(await secret(), bot.userId, gameId);
      seat.gameId = gameId;
      seat.seeds = seeds;
      seat.memory = { rng: choiceRng(seeds, "game", 0), phaseKey: "", done: [] };
    }
    const memory = seat.memory;
    const seeds = seat.seeds;
    const n = memory.phaseKey === game.phaseKey ? memory.done.length : 0;
    const started = game.started ?? clock();
    const held = seat.held?.phaseKey === game.phaseKey ? seat.held.until : 0;
    const due = dueAt(seeds, game.phaseKey, n, game.time_scale ?? 1, started, game.deadline, firstWindowOf(getMode(game.mode)?.bot));
    const delay = Math.max(0, due - clock(), held - clock());
    seat.holding = held > due;
    await new Promise<void>((resolve) => {
      seat.release = () => {
        if (seat.timer) clearTimeout(seat.timer);
        seat.timer = null;
        seat.release = null;
        resolve();
      };
      seat.timer = setTimeout(seat.release, delay);
      seat.timer.unref?.();
    });
    seat.holding = false;
    if (stopped || seats.get(bot.userId) !== seat) return;
    const now = await phaseOf(bot, gameId);
    if (!now || now.ended) return;
    if (now.phaseKey !== game.phaseKey) {
      seat.again = true;
      return;
    }
    // One stream per (phase, action count), as in the cron pass: asking again after a hold draws
    // the same numbers, so holding changes when a bot acts, never what it chooses.
    memory.rng = choiceRng(seeds, now.phaseKey, n);
    const result = await botTurn(db, bot, { id: gameId, mode: now.mode, phaseKey: now.phaseKey }, memory, {
      now: clock(),
      notBefore: (ready, peopleReady) => notBefore(seeds, now.phaseKey, ready, started, game.deadline, peopleReady),
      bots: new Set(rooms.get(roomOfBot.get(bot.userId) ?? "")?.bots.map((b) => b.userId)),
      view: feed ? () => viewOf(feed) : undefined,
    });
    opts.onTurn?.(bot, result);
    seat.held = result.kind === "wait" ? { phaseKey: now.phaseKey, until: result.until } : null;
    // An accepted action may unlock another (e.g. a wolf pick, then chat), and a held one has its
    // moment: look once more.
    if (result.kind === "acted" || result.kind === "wait") seat.again = true;
  }

  function wakeRoom(roomId: string): void {
    const room = rooms.get(roomId);
    if (!room || stopped) return;
    if (room.status === "lobby") {
      track(keepReady(roomId, room).catch((error) => log.error("[bots] ready failed", error)));
      return;
    }
    if (room.gameId) for (const bot of room.bots) wakeBot(bot, room.gameId);
  }

  /** A step's events to the feeds of the bots that receive them: all of a room's on its topic, one on its own. */
  function deliverToBots(signal: Signal, roomId: string, botId: string | undefined): void {
    const ids = botId ? [botId] : (rooms.get(roomId)?.bots.map((b) => b.userId) ?? []);
    for (const id of ids) {
      const f = seats.get(id)?.feed?.feed;
      if (!f) continue;
      if (signal.delivery) f.deliver(signal.delivery);
      // Too large for a notification, the delivery came without its events: read what is new.
      else f.refresh();
    }
  }

  function onPayload(raw: string): void {
    const signal = parseNotification(raw);
    if (!signal || stopped) return;
    // A bot's own and its team's events (wolf picks, the pack's chat) come on its user topic.
    const botId = USER_TOPIC.exec(signal.topic)?.[1];
    const roomId = roomOfTopic(signal.topic) ?? roomOfBot.get(botId ?? "");
    if (!roomId) return;
    if (signal.kind === "events") deliverToBots(signal, roomId, botId);
    if (signal.kind === "room") {
      // Lobby changes, start, reset, end: the only moments a room's bots or game can change.
      track(
        loadRoom(roomId)
          .then(() => wakeRoom(roomId))
          .catch((error) => log.error("[bots] room refresh failed", error)),
      );
      return;
    }
    // Chat never changes what a bot may do; everything else might.
    const chatOnly = signal.kind === "chat" || (signal.delivery?.events.every((d) => d.e.type === "chat") ?? false);
    if (!chatOnly && rooms.has(roomId)) wakeRoom(roomId);
  }

  /** Every room that has bots, from the database: after a (re)start, or a LISTEN that was lost. */
  async function resume(): Promise<void> {
    const withBots = await db.tx((tx) => tx.query<{ room_id: string }>("select distinct room_id from room_members where is_bot"));
    for (const { room_id } of withBots) {
      await loadRoom(room_id);
      wakeRoom(room_id);
    }
  }

  /** The LISTEN is back after a loss: what was sent meanwhile is read, as a browser does after a reconnect. */
  function relisten(): void {
    if (stopped) return;
    for (const seat of seats.values()) seat.feed?.feed.refresh();
    track(resume().catch((error) => log.error("[bots] resume failed", error)));
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      let listening = false;
      unlisten = await db.listen(CHANNEL, onPayload, () => {
        if (listening) relisten();
        listening = true;
      });
      await resume();
    },
    async stop() {
      stopped = true;
      for (const seat of seats.values()) seat.release?.();
      await unlisten?.().catch(() => undefined);
      unlisten = null;
      await Promise.allSettled([...running]);
    },
    async refresh(roomId) {
      await loadRoom(roomId);
      wakeRoom(roomId);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    seated: () => [...seats.keys()],
  };
}
