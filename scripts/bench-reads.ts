// The per-signal player reads against the caller's history (docs/performance.md, "Reads under RLS").
//
// Every member reads after every signal: the stream's pushed read (`app.room_events_after`) and
// the browser's `GET /events` (`app.game_events_after`). Both go through the `game_events`
// policy, whose `app.my_event_scopes()` used to cover every game of every room the caller belongs
// to and every game they played, so each read grew slower with every game a room had played
// (0020_event_scopes_of_one_game narrows it to the game read). This plays a real 8-player game to
// its first night, gives its players H ended games in the same room, and times each read as the
// server runs it (shared transaction, `getEvents`, `getView`), next to the scopes alone and the same kind of
// read without naming the game (the policy over every game of the caller's: every read before).
// A second table gives the database's own time per statement: the same statement 500 times in one
// script, timed inside the database by `clock_timestamp()` — no round trip, no driver, no client —
// which is what each member's read costs the database's CPU on an idle machine.
//
//   npm run bench:reads [-- --history 0,10,100 --reads 150]   (PGlite, in process)
//   DATABASE_URL=postgres://... npm run bench:reads            (a new database on that server, dropped after)
import { becomeUserScript, inlineParams } from "../lib/db/driver";
import { createSharedReads } from "../lib/db/shared-reads";
import { freshPglite, freshPostgres } from "../lib/db/testing";
import type { Claims, Db } from "../lib/db/types";
import { encodeCursor } from "../lib/server/games/cursor";
import { getEvents, getView, roomEventsStatement } from "../lib/server/games/reads";
import { startEightPlayerGame } from "../tests/realtime/started-game";
import { intFlag, parseFlags } from "./cli-args";
import { referenceLine, referenceNs } from "./machine-speed";

/** Milliseconds per call of `fn`, after a few untimed calls. */
async function msPer(n: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 5; i++) await fn();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await fn();
  return (performance.now() - t0) / n;
}

/**
 * The database's own milliseconds per `statement` as `claims`: `n` copies in one script after the
 * identity switch, timed between two `clock_timestamp()` reads inside the transaction. With no
 * statement it times the identity switch itself, `n` times.
 */
async function dbMsPer(db: Db, claims: Claims, statement: string | null, n: number): Promise<number> {
  const each = statement ?? becomeUserScript(claims);
  const script = [
    becomeUserScript(claims),
    "select set_config('bench.t0', clock_timestamp()::text, true)",
    ...Array<string>(n).fill(each),
    "select extract(epoch from clock_timestamp() - current_setting('bench.t0')::timestamptz) * 1000 as ms",
  ].join(";\n");
  const results = await db.tx((tx) => tx.exec(script));
  return Number(results[results.length - 1][0].ms) / n;
}

/**
 * A table row: each figure's median over three rounds (this kind of machine moves single figures
 * by 2×), after the history column.
 */
async function medianRow(history: number, round: () => Promise<number[]>): Promise<string> {
  const rounds = [await round(), await round(), await round()];
  const medians = rounds[0].map((_, i) => rounds.map((r) => r[i]).sort((a, b) => a - b)[1]);
  return `${String(history).padStart(7)} | ${medians.map((f) => f.toFixed(3).padStart(8)).join(" | ")}`;
}

/** `count` more ended games in the room, every player seated in each (as playing them would leave). */
async function addEndedGames(db: Db, roomId: string, players: Claims[], count: number): Promise<void> {
  if (count === 0) return;
  await db.tx(async (tx) => {
    const games = await tx.query<{ id: string }>(
      `insert into games (room_id, mode, phase, ended, winner, ended_at)
       select $1, 'werewolf', 'ended', true, 'village', now() from generate_series(1, $2) returning id`,
      [roomId, count],
    );
    await tx.query(
      `insert into game_players (game_id, user_id, seat, alive)
       select g, p.user_id::uuid, p.seat::int, true
         from unnest($1::uuid[]) g, jsonb_to_recordset($2::text::jsonb) as p(user_id text, seat int)`,
      [games.map((g) => g.id), JSON.stringify(players.map((p, seat) => ({ user_id: p.sub, seat })))],
    );
  });
}

/** The caller's scopes alone, as one script (one round trip, like a shared read): in every game, or in `game`. */
const scopesScript = (claims: Claims, game: string | null): string =>
  [
    becomeUserScript(claims),
    ...(game === null ? [] : [inlineParams("select set_config('app.event_game', $1, true)", [game])]),
    "select count(*) from app.my_event_scopes()",
  ].join(";\n");
const UNNAMED_READ = "select audience, audience_seq, day, payload from game_events where game_id = $1 order by id desc limit 3";

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  const histories = String(flags.history ?? "0,10,30,100").split(",").map(Number);
  const reads = intFlag(flags, "reads", 150);
  const url = process.env.DATABASE_URL;
  console.log(referenceLine(referenceNs()));
  const db = url ? await freshPostgres(url) : await freshPglite();
  console.log(`bench:reads — ${url ? "Postgres (a new database on DATABASE_URL)" : "PGlite, in process"}; ms per read, one at a time, median of 3 rounds of ${reads}`);
  try {
    const g = await startEightPlayerGame(db);
    const [{ room_id: roomId }] = await db.tx((tx) => tx.query<{ room_id: string }>("select room_id from games where id = $1", [g.gameId]));
    const reader = g.players[1];
    // The position of a member who has read all but the last two rows it may see, as after a
    // signal: the pushed read and GET /events each return those two.
    const rows = await db.tx((tx) =>
      tx.query<{ id: number; audience: string; audience_seq: number }>("select id, audience, audience_seq from game_events where game_id = $1 order by id", [g.gameId]),
    );
    const mine = rows.filter((r) => r.audience === "public" || r.audience === `player:${reader.sub}`);
    const seen = mine.slice(0, mine.length - 2);
    const cursor: Record<string, number> = {};
    for (const r of seen) cursor[r.audience] = r.audience_seq;
    const pushed = roomEventsStatement(roomId, { game: g.gameId, cursor, afterId: Number(seen[seen.length - 1].id) });
    const shared = createSharedReads(db);
    console.log("history | scopes, all games | scopes, one game | pushed read | GET /events | GET /view | read, game not named");
    const figures = async () => [
      await msPer(reads, () => db.exec(scopesScript(reader, null))),
      await msPer(reads, () => db.exec(scopesScript(reader, g.gameId))),
      await msPer(reads, () => shared.query(reader, pushed.text, pushed.params)),
      await msPer(reads, () => getEvents(db, reader, g.gameId, encodeCursor(cursor))),
      await msPer(reads, () => getView(db, reader, g.gameId)),
      await msPer(reads, () => db.asUser(reader, (tx) => tx.query(UNNAMED_READ, [g.gameId]))),
    ];
    const inDb = 500;
    const scopesOfGame = [inlineParams("select set_config('app.event_game', $1, true)", [g.gameId]), "select count(*) from app.my_event_scopes()"].join(";\n");
    const pushedInline = inlineParams(pushed.text, pushed.params);
    const dbFigures = async () => [
      await dbMsPer(db, reader, null, inDb),
      await dbMsPer(db, reader, scopesOfGame, inDb),
      await dbMsPer(db, reader, pushedInline, inDb),
      await dbMsPer(db, reader, `${becomeUserScript(reader)};\n${pushedInline}`, inDb),
    ];
    const dbRows: string[] = [];
    // Warm-up: plans, caches and the JIT, before the first row.
    await figures();
    await dbFigures();
    let had = 0;
    for (const h of histories) {
      await addEndedGames(db, roomId, g.players, h - had);
      had = h;
      console.log(await medianRow(h, figures));
      dbRows.push(await medianRow(h, dbFigures));
    }
    console.log(`\nthe database's own time, ms per statement (${inDb} in one script, timed inside it; median of 3):`);
    console.log("history | identity switch | scopes, one game | pushed read | switch + pushed read (one member's part of a shared read)");
    for (const row of dbRows) console.log(row);
  } finally {
    await db.close();
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
