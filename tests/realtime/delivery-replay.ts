// Replays a played game (random-steps.ts) into the database exactly as the server writes it: the
// start's statements in one transaction (lib/server/games/start-game.ts), then each step through
// `stepWrites` + `writeIfUnchanged` (lib/server/games/persist.ts), with the hub subscribed to the
// room topic and to every user topic, recording every delivery. At chosen steps it also reads each
// user's events of that step under RLS (`getEvents` from the cursor before the step) — what the
// policy lets them read right after the step, to compare with what was delivered to them.
import { inlineParams } from "@/lib/db/driver";
import type { Db } from "@/lib/db/types";
import { audienceKey, type Audience, type GameEvent, type PlayerId, type SeatInfo } from "@/lib/game/core/types";
import { modes } from "@/lib/game/modes";
import type { Delivery } from "@/lib/realtime/delivery";
import type { Hub } from "@/lib/realtime/hub";
import { roomTopic, userTopic } from "@/lib/realtime/topics";
import { encodeCursor, type Cursor } from "@/lib/server/games/cursor";
import { runStatements, saveStepStatement, seatsKey, seatsStatements, stepWrites, writeIfUnchanged } from "@/lib/server/games/persist";
import { getEvents } from "@/lib/server/games/reads";
import type { GameRow } from "@/lib/server/games/rows";
import { storedAfter, type StoredState } from "@/lib/server/games/stored-state";
import { stateIn } from "../support/stored-state";
import { claimsOf } from "./fixtures";
import { uuidOf, type PlayedGame } from "./random-steps";

/** One received message: its topic and the delivery (arrival order is the array's). */
export interface Received {
  topic: string;
  delivery: Delivery;
}

/** What was written at one step, as the audit judges it. */
export interface WrittenStep {
  /** The events as a reader receives them (`payload || {day}`), with their audience key and sequence. */
  events: { a: string; s: number; e: unknown; audience: Audience }[];
  seats: SeatInfo[];
  ended: boolean;
  /** Room members after the step (the late watcher from the step they joined). */
  members: PlayerId[];
  /** Per user: the step's events `getEvents` returned (null: refused, the game hidden), when read. */
  readable?: Map<PlayerId, unknown[] | null>;
  /** When read: the stored state as the server reads it back (the full state and its patches), and the engine's, both through JSON. */
  stateRead?: { stored: unknown; engine: unknown };
}

export interface Replay {
  game: PlayedGame;
  gameId: string;
  roomTopic: string;
  /** Players, the watcher (a member from the start without a seat), the late watcher, the outsider. */
  users: PlayerId[];
  players: PlayerId[];
  written: WrittenStep[];
  received: Received[];
}

/** A reader's copy of a stored event: the payload and the day column (lib/server/games/reads.ts `toEvent`). */
const asRead = (e: GameEvent, day: number): unknown => JSON.parse(JSON.stringify({ ...e, day: typeof e.day === "number" ? e.day : day }));

async function seedRoom(db: Db, roomId: string, host: PlayerId, members: PlayerId[]): Promise<void> {
  await db.exec(
    [
      inlineParams("insert into rooms (id, code, host_id, status) values ($1, $2, $3, 'playing')", [roomId, `D${roomId.slice(0, 8)}`, host]),
      inlineParams(
        "insert into room_members (room_id, user_id, display_name) select $1, u::uuid, 'm' || n from jsonb_array_elements_text($2::text::jsonb) with ordinality as t(u, n)",
        [roomId, JSON.stringify(members)],
      ),
    ].join(";\n"),
  );
}

/** The start's writes, as startGame makes them after the room checks. */
async function startGame(db: Db, roomId: string, game: PlayedGame): Promise<string> {
  const mode = modes[game.spec.mode];
  const { state, events } = game.steps[0];
  const status = mode.status(state);
  return db.tx(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      `insert into games (room_id, mode, config, phase, day, deadline, ended, winner, version)
       values ($1, $2, $3::text::jsonb, $4, $5, timestamptz 'epoch' + $6::bigint * interval '1 millisecond', $7, $8, 1)
       returning id`,
      [roomId, mode.id, JSON.stringify(game.spec.config), status.phase, status.day, status.deadline, status.ended, status.winner],
    );
    await tx.query("insert into game_states (game_id, state) values ($1, $2::text::json)", [row.id, JSON.stringify(state)]);
    await runStatements(tx, [
      ...seatsStatements(row.id, mode.seats(state)),
      saveStepStatement(row.id, state, { events, day: status.day }),
      inlineParams("update rooms set status = 'playing', game_id = $2 where id = $1", [roomId, row.id]),
    ]);
    return row.id;
  });
}

async function readStep(db: Db, gameId: string, users: PlayerId[], before: Cursor): Promise<Map<PlayerId, unknown[] | null>> {
  const out = new Map<PlayerId, unknown[] | null>();
  const cursor = encodeCursor(before);
  for (const u of users) {
    try {
      const page = await getEvents(db, claimsOf(u), gameId, cursor);
      out.set(u, JSON.parse(JSON.stringify(page.events)) as unknown[]);
    } catch (error) {
      if ((error as { status?: number }).status !== 404) throw error;
      out.set(u, null);
    }
  }
  return out;
}

export interface ReplayOptions {
  /** Whether to read every user's events of step `i` under RLS right after it. */
  readAt(i: number, last: number): boolean;
}

export async function replay(db: Db, hub: Hub, game: PlayedGame, options: ReplayOptions): Promise<Replay> {
  const { spec, steps } = game;
  const mode = modes[spec.mode];
  const tag = `${spec.mode}/${spec.ruleset}/${spec.seed}`;
  const roomId = uuidOf(`room/${tag}`);
  const watcher = uuidOf(`watcher/${tag}`);
  const late = uuidOf(`late/${tag}`);
  const outsider = uuidOf(`outsider/${tag}`);
  const players = spec.players;
  const users = [...players, watcher, late, outsider];
  // The late watcher joins the room after a step somewhere in the game (spectators may: issue 22).
  const joinAfter = 1 + (spec.seed % Math.max(1, steps.length - 1));

  await seedRoom(db, roomId, players[0], [...players, watcher]);
  const [[epoch]] = (await db.exec(inlineParams("select topic_epoch from rooms where id = $1", [roomId]))) as [{ topic_epoch: number }][];
  const topic = roomTopic(roomId, epoch.topic_epoch);
  const received: Received[] = [];
  const barrier = `test:${roomId}`;
  let passed: () => void = () => {};
  const atBarrier = new Promise<void>((resolve) => (passed = resolve));
  const unsubscribe = [topic, ...users.map(userTopic)].map((t) =>
    hub.subscribe(t, (signal) => {
      // Anything else on these topics (a `room` signal at the end) is not a delivery.
      if (signal.delivery) received.push({ topic: t, delivery: signal.delivery });
    }),
  );
  unsubscribe.push(hub.subscribe(barrier, () => passed()));

  const members = [...players, watcher];
  const counters: Cursor = {};
  const written: WrittenStep[] = [];
  const record = (events: GameEvent[], state: unknown) => {
    const day = mode.status(state).day;
    const rows = events.map((e) => {
      const a = audienceKey(e.audience);
      counters[a] = (counters[a] ?? 0) + 1;
      return { a, s: counters[a], e: asRead(e, day), audience: e.audience };
    });
    written.push({ events: rows, seats: mode.seats(state), ended: mode.status(state).ended, members: [...members] });
  };

  try {
    const gameId = await startGame(db, roomId, game);
    const last = steps.length - 1;
    // The start's own save (`app.save_step`, as start-game writes it) was the state's first write.
    let stored: StoredState = { state: steps[0].state, rev: 1, sinceBase: 0 };
    const read = async (i: number, before: Cursor) => {
      if (!options.readAt(i, last)) return;
      const step = written[written.length - 1];
      step.readable = await readStep(db, gameId, users, before);
      step.stateRead = { stored: await db.tx((tx) => stateIn(tx, gameId)), engine: JSON.parse(JSON.stringify(stored.state)) };
    };
    record(steps[0].events, steps[0].state);
    await read(0, {});
    const status0 = mode.status(steps[0].state);
    const row: GameRow = { id: gameId, room_id: roomId, mode: mode.id, ...status0, deadline: status0.deadline === null ? null : new Date(status0.deadline) };
    let seatsBefore = seatsKey(mode, steps[0].state);
    for (let i = 1; i <= last; i++) {
      const { state, events } = steps[i];
      if (i === joinAfter) {
        await db.exec(inlineParams("insert into room_members (room_id, user_id, display_name) values ($1, $2, 'late')", [roomId, late]));
        members.push(late);
      }
      // A step without events delivers nothing: its state is written with the next one (the same
      // seats and status the server would have written by then).
      if (events.length === 0 && i < last) continue;
      const before = { ...counters };
      const ok = await writeIfUnchanged(db, gameId, stored.rev, stepWrites(mode, row, state, events, { seatsBefore, stored }));
      if (!ok) throw new Error(`${tag}: stale at step ${i}`);
      const status = mode.status(state);
      stored = storedAfter(stored, state, status.ended);
      seatsBefore = seatsKey(mode, state);
      Object.assign(row, status, { deadline: status.deadline === null ? null : new Date(status.deadline) });
      record(events, state);
      await read(i, before);
    }
    // Notifications arrive in commit order: once this one is heard, every delivery of the game was.
    await db.exec(inlineParams("select realtime.send('{}'::jsonb, 'barrier', $1, true)", [barrier]));
    await atBarrier;
    return { game, gameId, roomTopic: topic, users, players, written, received };
  } finally {
    for (const u of unsubscribe) u();
  }
}
