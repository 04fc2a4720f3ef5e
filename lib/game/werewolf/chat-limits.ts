// Moved to lib/game/core/chat-limits.ts (every mode's chat); this path stays for the chat box's
// import (components/game/chat-panel.tsx) until it imports core's.
export { MAX_CHAT, RATE_COUNT, RATE_WINDOW_MS } from "../core/chat-limits";
