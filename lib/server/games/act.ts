// POST /api/games/:id/actions — one transaction: lock the game row, replay a repeated request,
// catch the state up to now, let the engine judge the action, persist, signal, commit.
import { z } from "zod";
import { canSee, type GameEvent } from "../../game/core/types";
import type { Claims, Db, Tx } from "../../db/types";
import { AppError } from "../app-error";
import { engineError } from "../engine-error";
import { parseWith } from "../http/parse";
import { catchUp } from "./catch-up";
import { modeOf, type AnyMode } from "./mode";
import { saveStep, seatsKey } from "./persist";
import { gameNotFound, loadState, lockGame } from "./rows";

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

async function roomOf(tx: Tx, gameRoom: string, userId: string) {
  const [row] = await tx.query<{ host_id: string; member: boolean }>(
    `select r.host_id, exists (select 1 from room_members m where m.room_id = r.id and m.user_id = $2) as member
     from rooms r where r.id = $1`,
    [gameRoom, userId],
  );
  return row;
}

/** The events of this request the caller may read now (same rule as RLS, `canSee`). */
function visibleTo(mode: AnyMode, state: unknown, userId: string, events: GameEvent[]): GameEvent[] {
  const seat = mode.seats(state).find((s) => s.player === userId);
  const viewer = { player: userId, alive: seat?.alive ?? false, teams: seat?.teams ?? [] };
  const ended = mode.status(state).ended;
  return events.filter((e) => canSee(e.audience, viewer, ended));
}

export async function act(db: Db, claims: Claims, gameId: string, body: ActionBody, now = Date.now()): Promise<ActionResponse> {
  const request = JSON.stringify(body.action);
  return db.tx(async (tx) => {
    const game = await lockGame(tx, gameId);
    const seated = await tx.query<{ ok: number }>(
      "select 1 as ok from game_players where game_id = $1 and user_id = $2",
      [game.id, claims.sub],
    );
    const room = await roomOf(tx, game.room_id, claims.sub);
    if (seated.length === 0) {
      // Members who are not seated learn only that they are not players; others, nothing.
      if (room?.member) throw new AppError(403, "NOT_A_PLAYER", "You are not a player in this game.");
      throw gameNotFound();
    }
    // Checked under the game lock, so a concurrent duplicate waits and then replays.
    const [prior] = await tx.query<{ response: StoredReply }>(
      "select response from action_requests where game_id = $1 and user_id = $2 and idempotency_key = $3",
      [game.id, claims.sub, body.idempotencyKey],
    );
    if (prior) {
      if (prior.response.request !== request) {
        throw new AppError(409, "IDEMPOTENCY_MISMATCH", "This idempotency key was already used for a different action.");
      }
      return prior.response.body;
    }
    const mode = modeOf(game.mode);
    const action = parseWith(mode.actionSchema, body.action, "action");
    const stored = await loadState(tx, game.id);
    const seatsBefore = seatsKey(mode, stored);
    const caught = catchUp(mode, stored, now);
    const step = mode.act(caught.state, claims.sub, action, { now, hostId: room?.host_id });
    if (!step.ok) throw engineError(step.error);
    const events = [...caught.events, ...step.value.events];
    await saveStep(tx, mode, game, step.value.state, events, seatsBefore);
    const reply: ActionResponse = { ok: true, events: visibleTo(mode, step.value.state, claims.sub, events) };
    await tx.query(
      "insert into action_requests (game_id, user_id, idempotency_key, response) values ($1, $2, $3, $4::text::jsonb)",
      [game.id, claims.sub, body.idempotencyKey, JSON.stringify({ request, body: reply } satisfies StoredReply)],
    );
    return reply;
  });
}
