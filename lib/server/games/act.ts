// POST /api/games/:id/actions — read the game, replay a repeated request, catch the state up to
// now, let the engine judge the action, then persist and signal in one all-or-nothing script that
// first checks nothing was written since the read (optimistic; the row lock when contended).
import { z } from "zod";
import { canSee, type GameEvent } from "../../game/core/types";
import { inlineParams, scriptOf } from "../../db/driver";
import type { Claims, Db, Row } from "../../db/types";
import { AppError } from "../app-error";
import { engineError } from "../engine-error";
import { parseWith } from "../http/parse";
import { rateLimitInMemory, rateLimitTake, TAKE_SETS, takeRateLimit, type Limit, type RateLimitTake } from "../rate-limit";
import { raisedAs, sqlState } from "../db-errors";
import { catchUp } from "./catch-up";
import { cachedGame, forgetGame, type CachedGame } from "./game-cache";
import { modeOf, type AnyMode } from "./mode";
import { rememberWrite } from "./remember-write";
import { isStale, runStatements, seatsKey, stepWrites, writeIfUnchanged } from "./persist";
import { gameColumnsOf, gameNotFound, isUuid, LOCK_GAME, toMs, type GameRow } from "./rows";
import { storedStateColumnsKnowing, storedStateKnowing, type StoredState, type StoredStateRow } from "./stored-state";
import { advanceGame } from "../advance-due";

export const actionBodySchema = z.strictObject({
  action: z.looseObject({ type: z.string().min(1).max(40) }),
  idempotencyKey: z.string().min(1).max(100),
});

export type ActionBody = z.infer<typeof actionBodySchema>;

export interface ActionResponse {
  ok: true;
  events: GameEvent[];
}

interface StoredReply {
  request: string;
  body: ActionResponse;
}

/** The game row and everything the action needs besides: one statement, so one snapshot. */
interface ActionContext extends GameRow {
  /** The stored state; its `rev` (0018) is what the optimistic write checks nothing was saved since. */
  stored: StoredState;
  host_id: string | null;
  seated: boolean;
  member: boolean;
  prior: StoredReply | null;
}

/**
 * The game row, its stored state and `rev`, the room's host, whether the caller is seated / a
 * member (of the room, and there before the game ended: the same rule as RLS, migration 0024), and the stored reply to this idempotency key. After the lock (fallback path) it is its
 * own statement, so it reads as of the last commit on this game (a concurrent duplicate's stored
 * reply included: READ COMMITTED takes a new snapshot per statement, and a lock-then-join in one
 * statement would re-read only the locked row). The state is left out when its `rev` is `$4`, the
 * one the caller holds (stored-state.ts, `storedStateColumnsKnowing`).
 */
const CONTEXT = `select ${gameColumnsOf("g")}, ${storedStateColumnsKnowing("$4::bigint")}, r.host_id,
        exists (select 1 from game_players p where p.game_id = $1 and p.user_id = $2) as seated,
        exists (select 1 from room_members m where m.room_id = g.room_id and m.user_id = $2
                   and (not g.ended or m.joined_at <= g.ended_at)) as member,
        (select q.response from action_requests q where q.game_id = $1 and q.user_id = $2 and q.idempotency_key = $3) as prior
   from games g left join game_states s on s.game_id = g.id left join rooms r on r.id = g.room_id
  where g.id = $1`;

/**
 * The action's context as one script (one round trip). With `take` (the optimistic read only), the
 * caller's rate-limit hit comes first and is judged before anything else; the script writes nothing
 * but the hit, which commits without waiting for the WAL flush (rate-limit.ts, `RateLimitTake`).
 * With `lock` (the contended path, in a transaction) the game row is locked before the read. With
 * `known` (a state this process holds: the game cache's, or the optimistic read's), the state is
 * read only when the game's `rev` moved past it.
 */
async function readContext(
  run: (script: string) => Promise<Row[][]>,
  gameId: string,
  userId: string,
  key: string,
  { take, lock, known }: { take: RateLimitTake | null; lock: boolean; known?: StoredState },
): Promise<ActionContext> {
  // Not a uuid (a NUL byte even): no statement is built from it, the answer is "no such game".
  const reads = isUuid(gameId) ? [...(lock ? [inlineParams(LOCK_GAME, [gameId])] : []), inlineParams(CONTEXT, [gameId, userId, key, known?.rev ?? null])] : [];
  const statements = take ? [take.script, ...reads] : reads;
  const sets = statements.length > 0 ? await run(scriptOf(statements)) : [];
  if (take) take.judge(sets.splice(0, TAKE_SETS));
  const context = sets[sets.length - 1];
  if (reads.length === 0 || context.length === 0) throw gameNotFound();
  const row = context[0] as unknown as Omit<ActionContext, "stored"> & StoredStateRow;
  if ((row.rev as unknown) === null) throw new Error(`game ${gameId} has no state row`);
  return { ...row, stored: storedStateKnowing(row, known) };
}

/** The events of this request the caller may read now (same rule as RLS, `canSee`). */
function visibleTo(mode: AnyMode, state: unknown, userId: string, events: GameEvent[]): GameEvent[] {
  const seat = mode.seats(state).find((s) => s.player === userId);
  const viewer = { player: userId, alive: seat?.alive ?? false, teams: seat?.teams ?? [] };
  const ended = mode.status(state).ended;
  return events.filter((e) => canSee(e.audience, viewer, ended));
}

/** A rate limit the action counts against (the route's per-player ceiling, lib/server/limits.ts). */
export interface ActionRateLimit {
  limit: Limit;
  key: string;
  message: string;
}

/**
 * Judges and persists one action. In the common case in one round trip: when this process holds
 * the game's state as of its last write (`game-cache.ts`), the action is judged from it and one
 * script checks that the state (`rev`) and the room's host are still those (`app.expect_game`,
 * migration 0038), takes the rate-limit hit, and writes the step. Any check that fails writes
 * nothing, and the action goes the read path: read the context (`CONTEXT`, autocommit; the state
 * itself only when its `rev` moved past the cached one, so a refusal reads a few columns), judge it
 * with the engine, then write everything in one script that first checks the state's `rev`
 * (`writeIfUnchanged`: all or nothing). When another write got in between (the scheduler, a
 * concurrent action, a duplicate of this one) the write is refused whole and the action is judged
 * again under the game's row lock, in a transaction. Once, not a few optimistic retries: a
 * collision means the game is busy now (a vote closing, every player acting at once), and in such a
 * burst retries mostly collide again — 8 players chatting then readying at once cost 5.2 scripts per
 * action with three tries against 2 with one, and 8.3 against 5.0 ms per action on PGlite.
 * With `rateLimit`, the hit is taken first: in memory on PGlite, else as the first statements of
 * the script — and it stands even when the action is then refused (refused requests count, so a
 * refusal goes the read path, whose read takes the hit); a 429 records nothing.
 */
export async function act(
  db: Db,
  claims: Claims,
  gameId: string,
  body: ActionBody,
  now = Date.now(),
  rateLimit?: ActionRateLimit,
): Promise<ActionResponse> {
  const inDb = rateLimit !== undefined && !rateLimitInMemory(db);
  if (rateLimit && !inDb) await takeRateLimit(db, rateLimit.limit, rateLimit.key, rateLimit.message, now);
  const cached = isUuid(gameId) ? cachedGame(db, gameId) : undefined;
  if (cached) {
    const reply = await actFromCache(db, cached, claims, body, now, inDb ? rateLimit : undefined);
    if (reply) return reply;
  }
  const take = inDb ? rateLimitTake(db, rateLimit.limit, rateLimit.key, rateLimit.message, now) : null;
  const key = body.idempotencyKey;
  const context = await readContext((script) => db.exec(script), gameId, claims.sub, key, { take, lock: false, known: cached?.stored });
  const optimistic = judgeAction(context, claims, body, now);
  if ("refused" in optimistic) return refuse(db, context, optimistic.refused, now);
  if (optimistic.writes.length === 0) return optimistic.reply;
  if (await writeIfUnchanged(db, context.id, context.stored.rev, optimistic.writes)) {
    remember(db, context, optimistic.state);
    return optimistic.reply;
  }
  const locked = await db.tx(async (tx) => {
    const again = await readContext((script) => tx.exec(script), gameId, claims.sub, key, { take: null, lock: true, known: context.stored });
    const judged = judgeAction(again, claims, body, now);
    if ("refused" in judged) return { context: again, refused: judged.refused };
    await runStatements(tx, judged.writes);
    if (judged.writes.length > 0) remember(db, again, judged.state);
    return judged;
  });
  return "refused" in locked ? refuse(db, locked.context, locked.refused, now) : locked.reply;
}

/**
 * The engine's refusal, after writing the end of a step that is over but not yet written (its
 * deadline passed before the scheduler came), as the tick every player's countdown sends at zero
 * would (lib/client/use-countdown.ts): whoever acts late sees the next step at once, rather than
 * being refused until the scheduler catches up. The refused action itself writes nothing.
 */
async function refuse(db: Db, context: ActionContext, refused: AppError, now: number): Promise<never> {
  const deadline = toMs(context.deadline);
  if (!context.ended && deadline !== null && deadline <= now) await advanceGame(db, now, context);
  throw refused;
}

/** The state a write just saved, for the next action's cached path. */
const remember = (db: Db, context: ActionContext, state: unknown): void => rememberWrite(db, context, context.stored, state, context.host_id);

const EXPECT_GAME = "app.expect_game($1::uuid, $2::bigint, $3::uuid)";
const TAKE_OR_RAISE = "app.rate_limit_take_or_raise($1, $2, $3, timestamptz 'epoch' + $4::bigint * interval '1 millisecond')";

/** Refusals of the cached path's checks: the read path answers instead. */
const missed = (e: unknown): boolean =>
  isStale(e) || sqlState(e) === "23505" || raisedAs(e, "P0001", "RATE_LIMITED");

/**
 * The cached path: null when it cannot answer — the caller is not seated, the engine refuses (the
 * read path answers with the stored reply of a repeated request, or the refusal, and counts the
 * hit), or a check of the script failed (nothing was written).
 */
async function actFromCache(db: Db, cached: CachedGame, claims: Claims, body: ActionBody, now: number, rateLimit?: ActionRateLimit): Promise<ActionResponse | null> {
  const mode = modeOf(cached.row.mode);
  if (!mode.seats(cached.stored.state).some((s) => s.player === claims.sub)) return null;
  const context: ActionContext = { ...cached.row, stored: cached.stored, host_id: cached.hostId, seated: true, member: true, prior: null };
  let judged: ReturnType<typeof judgeAction>;
  try {
    judged = judgeAction(context, claims, body, now);
  } catch {
    return null;
  }
  if ("refused" in judged) return null;
  const { id } = cached.row;
  // The checks as one statement (either may refuse first: both lead to the read path).
  const calls = [inlineParams(EXPECT_GAME, [id, cached.stored.rev, cached.hostId])];
  if (rateLimit) calls.push(inlineParams(TAKE_OR_RAISE, [`${rateLimit.limit.name}:${rateLimit.key}`, rateLimit.limit.count, rateLimit.limit.windowMs, Math.floor(now)]));
  const checks = `select ${calls.join(", ")}`;
  try {
    await db.exec(scriptOf([checks, ...judged.writes]));
  } catch (error) {
    forgetGame(db, id);
    if (missed(error)) return null;
    throw error;
  }
  remember(db, context, judged.state);
  return judged.reply;
}

/**
 * The reply and the statements that persist the step (none for a replayed request), or the
 * engine's refusal. Other refusals (not seated, a reused key, a malformed action) are thrown.
 */
function judgeAction(
  context: ActionContext,
  claims: Claims,
  body: ActionBody,
  now: number,
): { reply: ActionResponse; writes: string[]; state?: unknown } | { refused: AppError } {
  const request = JSON.stringify(body.action);
  const { stored, host_id, seated, member, prior } = context;
  if (!seated) {
    // Members who are not seated learn only that they are not players; others, nothing.
    if (member) throw new AppError(403, "NOT_A_PLAYER", "You are not a player in this game.");
    throw gameNotFound();
  }
  // Read in the same snapshot as the state it was written with: a duplicate that raced this one
  // either sees its reply here or collides with its write (`writeIfUnchanged`) and is judged again.
  if (prior) {
    if (prior.request !== request) {
      throw new AppError(409, "IDEMPOTENCY_MISMATCH", "This idempotency key was already used for a different action.");
    }
    return { reply: prior.body, writes: [] };
  }
  const mode = modeOf(context.mode);
  const action = parseWith(mode.actionSchema, body.action, "action");
  const seatsBefore = seatsKey(mode, stored.state);
  const caught = catchUp(mode, stored.state, now);
  const step = mode.act(caught.state, claims.sub, action, { now, hostId: host_id ?? undefined });
  if (!step.ok) return { refused: engineError(step.error) };
  const events = [...caught.events, ...step.value.events];
  const reply: ActionResponse = { ok: true, events: visibleTo(mode, step.value.state, claims.sub, events) };
  const response = JSON.stringify({ request, body: reply } satisfies StoredReply);
  const statements = stepWrites(mode, context, step.value.state, events, {
    seatsBefore,
    stored,
    request: { userId: claims.sub, key: body.idempotencyKey, response },
  });
  return { reply, writes: statements, state: step.value.state };
}
