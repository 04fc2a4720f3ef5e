// S-CHAT-5's numbers, in a module of their own: the chat box (client) checks the same length the
// engine does without bundling the engine's chat rules into the room page.
export const MAX_CHAT = 500;
export const RATE_COUNT = 5;
export const RATE_WINDOW_MS = 5000;
/** Long enough for the engine to report S-CHAT-5's limit itself; bounds request size. */
export const MAX_RAW_CHAT = 2000;
