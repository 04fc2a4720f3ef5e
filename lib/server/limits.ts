// The abuse ceilings (docs/robustness.md). Chat's own 5-in-5-s rule (S-CHAT-5) is the engine's,
// judged against the game state; these are per-request ceilings in front of the services.
import { limitFromEnv } from "./rate-limit";

/** Sign-ins per client address: a whole party behind one NAT signs in well under this. */
export const signInLimit = () => limitFromEnv("signin", 30, 10 * 60_000);

/** Action requests per player (every game): an honest player sends a handful per phase. */
export const actionLimit = () => limitFromEnv("actions", 40, 10_000);
