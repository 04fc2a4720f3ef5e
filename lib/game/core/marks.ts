// Text every mode shows its players — display names (lib/auth/display-name.ts) and chat lines —
// keeps at most this many combining marks on one base character: Vietnamese needs 2 at most
// (NFD ệ = e + ̂ + ̣), more only stack into unreadable "zalgo" text.
export const MAX_MARKS = 3;
