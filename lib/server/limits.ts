// The abuse ceilings (docs/robustness.md). Chat's own 5-in-5-s rule (S-CHAT-5) is the engine's,
// judged against the game state; these are per-request ceilings in front of the services.
import { limitFromEnv, type Limit } from "./rate-limit";

/** Sign-ins per client address: a whole party behind one NAT signs in well under this. */
export const signInLimit = () => limitFromEnv("signin", 30, 10 * 60_000);

/** Action requests per player (every game): an honest player sends a handful per phase. */
export const actionLimit = () => limitFromEnv("actions", 40, 10_000);

/**
 * Metered requests (issue 28 #8, `meter.ts`): per player and per client address. A real client
 * reads on a 20 s heartbeat, after its own actions and on reconnects, nudges `tick` every 2 s at a
 * deadline, and reopens its stream after a drop; the ceilings are ten times that or more. The
 * per-address ones let a whole party behind one NAT (20 players) play at once.
 */
export type MeterKind = "reads" | "ticks" | "streams" | "lobby";

const METERS: Record<MeterKind, { player: [number, number]; address: [number, number] }> = {
  // [count, seconds]
  reads: { player: [120, 10], address: [1200, 10] },
  ticks: { player: [30, 10], address: [300, 10] },
  streams: { player: [30, 60], address: [300, 60] },
  lobby: { player: [60, 10], address: [600, 10] },
};

/** `MASOI_RATE_<KIND>` (per player) and `MASOI_RATE_<KIND>_ADDR` (per address), as `count/seconds`. */
export function meterLimits(kind: MeterKind): { player: Limit; address: Limit } {
  const m = METERS[kind];
  return {
    player: limitFromEnv(kind, m.player[0], m.player[1] * 1000),
    address: limitFromEnv(`${kind}_addr`, m.address[0], m.address[1] * 1000),
  };
}

/** Rooms created per player and per address: shared by every instance (the database), like sign-ins. */
export const roomCreateLimit = () => limitFromEnv("rooms", 20, 10 * 60_000);
export const roomCreateAddressLimit = () => limitFromEnv("rooms_addr", 100, 10 * 60_000);
