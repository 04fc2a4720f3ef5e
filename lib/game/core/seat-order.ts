// The seats of a new game: the players in an order drawn from the game's seed (issue 21). In join
// order the host always held seat 0, and whatever favours the first seats (a tie broken by seat,
// a list read from the top) fell on the host. A scenario or a replay that names its order keeps it:
// only the server's start draws one.
import type { PlayerId } from "./types";
import { seedRng } from "./rng";
import { shuffle } from "./shuffle";

/** Its own stream of the game's seed, so the deal (drawn from the seed itself) stays as it was. */
const SEATS_STREAM = 0x5ea75eed;

export const seatOrder = (joined: readonly PlayerId[], seed: number): PlayerId[] => shuffle(seedRng((seed ^ SEATS_STREAM) >>> 0), joined);
