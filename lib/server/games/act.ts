// POST /api/games/:id/actions — one transaction: lock the game row, replay a repeated request,
// catch the state up to now, let the engine judge the action, persist, signal, commit.
import { z } from "zod";
import { canSee, type GameEvent } from "../../game/core/types";
import { inlineParams } from "../../db/driver";
import type { Claims, Db, Tx } from "../../db/types";
import { AppError, isAppError } from "../app-error";
import { engineError } from "../engine-error";
import { parseWith } from "../http/parse";
import { rateLimitInMemory, rateLimitTake, takeRateLimit, type Limit, type RateLimitTake } from "../rate-limit";
import { catchUp } from "./catch-up";
import { modeOf, type AnyMode } from "./mode";
import { saveStep, seatsKey } from "./persist";
import { gameNotFound, isUuid, LOCK_GAME, type GameRow } from "./rows";

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

interface ActionContext {
  state: unknown;
  host_id: string | null;
  seated: boolean;
  member: boolean;
  prior: StoredReply | null;
}

/**
 * Everything the action needs besides the game row: the stored state, the room's host, whether
 * the caller is seated / a member, and the stored reply to this idempotency key. Its own statement
 * after the lock, so it reads as of the last commit on this game (a concurrent duplicate's stored
 * reply included: READ COMMITTED takes a new snapshot per statement, and a lock-then-join in one
 * statement would re-read only the locked row).
 */
const CONTEXT = `select s.state, r.host_id,
        exists (select 1 from game_players p where p.game_id = $1 and p.user_id = $2) as seated,
        exists (select 1 from room_members m where m.room_id = g.room_id and m.user_id = $2) as member,
        (select q.response from action_requests q where q.game_id = $1 and q.user_id = $2 and q.idempotency_key = $3) as prior
   from games g join game_states s on s.game_id = g.id left join rooms r on r.id = g.room_id
  where g.id = $1`;

/**
 * The locked game row and the action's context, in one script (one round trip) — after the
 * caller's rate-limit hit when it is taken in this transaction (`take`).
 */
async function lockWithContext(
  tx: Tx,
  gameId: string,
  userId: string,
  key: string,
  take: RateLimitTake | null,
): Promise<{ game: GameRow; context: ActionContext }> {
  const lock = isUuid(gameId) ? [inlineParams(LOCK_GAME, [gameId]), inlineParams(CONTEXT, [gameId, userId, key])] : [];
  const statements = take ? [take.script, ...lock] : lock;
  const sets = statements.length > 0 ? await tx.exec(statements.join(";\n")) : [];
  if (take) take.judge(sets.splice(0, 2));
  if (lock.length === 0) throw gameNotFound();
  const [locked, context] = sets;
  if (locked.length === 0) throw gameNotFound();
  if (context.length === 0) throw new Error(`game ${gameId} has no state row`);
  return { game: locked[0] as unknown as GameRow, context: context[0] as unknown as ActionContext };
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
 * Judges and persists one action. With `rateLimit`, the hit is taken first: in memory on PGlite,
 * else as the first statements of the action's own transaction — one round trip and one commit
 * less per action than a transaction of its own (docs/performance.md, "Load"). That transaction
 * then commits even when the action is refused (an AppError: engine refusal, bad action, not a
 * player, no such game), writing nothing but the hit, so refused requests still count; a 429
 * records nothing and rolls back.
 */
export async function act(
  db: Db,
  claims: Claims,
  gameId: string,
  body: ActionBody,
  now = Date.now(),
  rateLimit?: ActionRateLimit,
): Promise<ActionResponse> {
  const inTx = rateLimit !== undefined && !rateLimitInMemory(db);
  if (rateLimit && !inTx) await takeRateLimit(db, rateLimit.limit, rateLimit.key, rateLimit.message, now);
  const take = inTx ? rateLimitTake(db, rateLimit.limit, rateLimit.key, rateLimit.message, now) : null;
  const outcome = await db.tx(async (tx): Promise<{ reply: ActionResponse } | { refused: AppError }> => {
    const run = async () => {
      const { game, context } = await lockWithContext(tx, gameId, claims.sub, body.idempotencyKey, take);
      return { reply: await judgeAction(tx, game, context, claims, body, now) };
    };
    if (!take) return run();
    try {
      return await run();
    } catch (error) {
      // Nothing of the action was written (its writes are one script, the last statement), and a
      // 429 recorded nothing: committing keeps the hit alone, if any.
      if (isAppError(error)) return { refused: error };
      throw error;
    }
  });
  if ("refused" in outcome) throw outcome.refused;
  return outcome.reply;
}

async function judgeAction(tx: Tx, game: GameRow, context: ActionContext, claims: Claims, body: ActionBody, now: number): Promise<ActionResponse> {
  const request = JSON.stringify(body.action);
  const { state: stored, host_id, seated, member, prior } = context;
  if (!seated) {
    // Members who are not seated learn only that they are not players; others, nothing.
    if (member) throw new AppError(403, "NOT_A_PLAYER", "You are not a player in this game.");
    throw gameNotFound();
  }
  // Read under the game lock, so a concurrent duplicate waits and then replays.
  if (prior) {
    if (prior.request !== request) {
      throw new AppError(409, "IDEMPOTENCY_MISMATCH", "This idempotency key was already used for a different action.");
    }
    return prior.body;
  }
  const mode = modeOf(game.mode);
  const action = parseWith(mode.actionSchema, body.action, "action");
  const seatsBefore = seatsKey(mode, stored);
  const caught = catchUp(mode, stored, now);
  const step = mode.act(caught.state, claims.sub, action, { now, hostId: host_id ?? undefined });
  if (!step.ok) throw engineError(step.error);
  const events = [...caught.events, ...step.value.events];
  const reply: ActionResponse = { ok: true, events: visibleTo(mode, step.value.state, claims.sub, events) };
  const response = JSON.stringify({ request, body: reply } satisfies StoredReply);
  await saveStep(tx, mode, game, step.value.state, events, { seatsBefore, request: { userId: claims.sub, key: body.idempotencyKey, response } });
  return reply;
}
