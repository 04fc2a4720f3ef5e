// fast-check generators of game setups, shared by the property tests: a seat count, a seed, and
// the options `configSchema` parses (every optional-role mix and house rule for classic).
import fc from "fast-check";
import type { PlayerId } from "../core/types";
import { OPTIONAL_ROLES } from "./config";
import type { OptionalRole } from "./types";

export interface RandomSetup {
  n: number;
  seed: number;
  options: Record<string, unknown>;
}

const seed = fc.integer({ min: 0, max: 0xffffffff });

export const standardSetup: fc.Arbitrary<RandomSetup> = fc.record({ n: fc.constantFrom(8, 9), seed, options: fc.constant({}) });

export const classicSetup: fc.Arbitrary<RandomSetup> = fc.record({
  n: fc.integer({ min: 8, max: 18 }),
  seed,
  options: fc.record({
    ruleset: fc.constant("classic"),
    roles: fc.subarray([...OPTIONAL_ROLES] as OptionalRole[]),
    sheriff: fc.boolean(),
    tieRevote: fc.boolean(),
    endAtParity: fc.boolean(),
  }),
});

/** Seat names p0…p(n-1). */
export const seatNames = (n: number): PlayerId[] => Array.from({ length: n }, (_, i) => `p${i}`);
