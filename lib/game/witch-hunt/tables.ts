// The numbers the source lost, as this product decided them (WH-P1, WH-P2, WH-P3, WH-P8).
import type { Ingredient, Location, Role, Spell, Unlock } from "./types";

export const MIN_PLAYERS = 4;
export const MAX_PLAYERS = 12;

const VILLAGE_8: Role[] = ["seer", "healer", "guard", "pickpocket", "villager"];

/** WH-P1: the roles dealt for each player count. */
export const ROLES_BY_COUNT: Record<number, Role[]> = {
  4: ["witch", "seer", "healer", "villager"],
  5: ["witch", "seer", "healer", "guard", "villager"],
  6: ["witch", "witch", "seer", "healer", "guard", "villager"],
  7: ["witch", "witch", "clown", "seer", "healer", "guard", "villager"],
  8: ["witch", "witch", "crow", ...VILLAGE_8],
  9: ["witch", "witch", "crow", "clown", ...VILLAGE_8],
  10: ["witch", "witch", "witch", "crow", ...VILLAGE_8, "villager"],
  11: ["witch", "witch", "witch", "crow", "clown", ...VILLAGE_8, "villager"],
  12: ["witch", "witch", "witch", "crow", "clown", ...VILLAGE_8, "villager", "villager"],
};

/** WH-P2: required ingredients per day = ritual members = proposal size. */
export const requiredCount = (n: number): number => (n <= 5 ? 2 : n <= 8 ? 3 : 4);
/** WH-P2. */
export const SEALS_NEEDED = 3;
export const KNIGHT_DAY = 5;
export const CURSE_LENGTH = 3;
/** WH-P3: hand limit, oldest discarded. */
export const HAND_LIMIT = 4;

/** WH-P3, in the source's order. */
export const LOCATIONS: Location[] = ["forest", "meadow", "riverbank", "cave", "graveyard"];
export const INGREDIENT_AT: Record<Location, Ingredient> = {
  forest: "mushroom",
  meadow: "herb",
  riverbank: "fish",
  cave: "crystal",
  graveyard: "bone",
};
/** WH-P3: the first 3, 4 or 5 locations are open. */
export const openLocations = (n: number): Location[] => LOCATIONS.slice(0, n <= 5 ? 3 : n <= 8 ? 4 : 5);

/** WH-P5: spells unlocked by failed rituals (1, 2, 3). */
export const UNLOCKS: Unlock[] = ["blight", "disguise", "frenzy"];
export const unlockedBy = (failed: number): Unlock[] => UNLOCKS.slice(0, Math.min(failed, UNLOCKS.length));
export const spellOpen = (spell: Spell, failed: number): boolean => spell === "frog_hex" || unlockedBy(failed).includes(spell);
/** WH-P5: Frog Hexes the team may cast per day (Frenzy raises it). */
export const hexLimit = (failed: number): number => (unlockedBy(failed).includes("frenzy") ? 2 : 1);

/** WH-P8: timed step lengths (seconds); the Guard's 20 s, the witches' 15 s and the 4 s quarrel are always on (fixed). */
export const SECONDS = {
  pick: 60,
  guard: 20,
  witch: 15,
  discussion: 180,
  proposal: 60,
  yesno: 30,
  quarrel: 4,
  vote: 60,
} as const;
