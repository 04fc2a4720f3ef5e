import type { EngineError, ErrorCode } from "./types";

/** A refusal as a plain value (engines never throw). */
export const refuse = (code: ErrorCode, message: string): EngineError => ({ code, message });

/** Refusals carry a `code`; the values engines return alongside them (actions, steps) never do. */
export const isEngineError = (x: unknown): x is EngineError =>
  typeof x === "object" && x !== null && typeof (x as { code?: unknown }).code === "string";
