// Engine refusals → HTTP statuses. The engine's code is passed through unchanged so clients can
// switch on it; the message is the engine's, which only ever speaks of the caller's own seat.
import type { EngineError, ErrorCode } from "../game/core/types";
import { AppError } from "./app-error";

const statusOf: Record<ErrorCode, number> = {
  BAD_ACTION: 422,
  WRONG_PHASE: 409,
  NOT_YOUR_TURN: 403,
  NOT_ALIVE: 403,
  NOT_A_PLAYER: 403,
  INVALID_TARGET: 422,
  ALREADY_ACTED: 409,
  NO_POTION: 422,
  RATE_LIMITED: 429,
  GAME_ENDED: 409,
  BAD_CONFIG: 400,
  BAD_PLAYER_COUNT: 409,
  NOT_HOST: 403,
};

/** Every code the engine refuses with (the UI has a message for each, lib/i18n/messages.test.ts). */
export const ENGINE_ERROR_CODES = Object.keys(statusOf) as ErrorCode[];

/** Seconds a rate-limited client should wait; chat allows 5 messages in any 5 s (S-CHAT-5). */
const RETRY_AFTER_S = "5";

export function engineError(e: EngineError): AppError {
  const status = statusOf[e.code] ?? 422;
  const headers: Record<string, string> = status === 429 ? { "Retry-After": RETRY_AFTER_S } : {};
  return new AppError(status, e.code, e.message, headers);
}
