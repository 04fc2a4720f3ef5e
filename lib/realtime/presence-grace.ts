// How long a member counts as present without a live stream (docs/robustness.md): long enough for a
// page that just loaded, joined or reloaded to open its stream, short enough that a player who is
// really gone shows "offline" soon. Shared by the server (presence) and the host's client (re-check).
export const PRESENCE_GRACE_MS = 8_000;
