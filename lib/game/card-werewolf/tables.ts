// The numbers the source lost, as this product decided them (CW-P1, CW-P2, CW-P4, CW-P8, CW-P9,
// CW-P11), and the source's own (CW-R7, CW-R19).
import type { CardKind, Icon, Role } from "./types";

export const MIN_PLAYERS = 6;
export const MAX_PLAYERS = 12;
/** CW-R39: the Angel and the Traitor only with 7 or more players. */
export const ADVANCED_MIN_PLAYERS = 7;

/** CW-P1: basic game, Villagers / Werewolves. */
export const BASIC: Record<number, [number, number]> = { 6: [4, 2], 7: [5, 2], 8: [5, 3], 9: [6, 3], 10: [6, 4], 11: [7, 4], 12: [8, 4] };
/** CW-P1: advanced game, Villagers / Angel / Werewolves / Traitor. */
export const ADVANCED: Record<number, [number, number, number, number]> = {
  7: [4, 1, 1, 1],
  8: [4, 1, 2, 1],
  9: [5, 1, 2, 1],
  10: [5, 1, 3, 1],
  11: [6, 1, 3, 1],
  12: [7, 1, 3, 1],
};

const times = <T>(n: number, x: T): T[] => Array.from({ length: n }, () => x);

/** CW-P1 with CW-R39's substitutions: a missing Traitor becomes a Werewolf, a missing Angel a Villager. */
export function rolesFor(count: number, angel: boolean, traitor: boolean): Role[] {
  if (!angel && !traitor) {
    const [v, w] = BASIC[count];
    return [...times(v, "villager" as Role), ...times(w, "werewolf" as Role)];
  }
  const [v, a, w, t] = ADVANCED[count];
  return [
    ...times(v + (angel ? 0 : a), "villager" as Role),
    ...times(angel ? a : 0, "angel" as Role),
    ...times(w + (traitor ? 0 : t), "werewolf" as Role),
    ...times(traitor ? t : 0, "traitor" as Role),
  ];
}

/** CW-P2: the Day deck (50 cards) by kind: how many, icon, Votes added. */
export const CARDS: Record<CardKind, { count: number; icon: Icon; votes: number }> = {
  vote: { count: 22, icon: "sun", votes: 1 },
  mayor: { count: 4, icon: "sun", votes: 2 },
  wolf_ring: { count: 3, icon: "sun", votes: 2 },
  silver_dagger: { count: 2, icon: "sun", votes: 3 },
  guard: { count: 6, icon: "moon", votes: 0 },
  ban: { count: 5, icon: "sun", votes: 0 },
  seer: { count: 3, icon: "none", votes: 0 },
  curse: { count: 3, icon: "none", votes: 0 },
  witch: { count: 2, icon: "none", votes: 0 },
};

/** CW-R8, CW-P5: Day cards dealt to each living player at every Daytime. */
export const HAND_SIZE = 2;
/** CW-R7: the Howling Wolf is shuffled into the bottom 10 cards. */
export const BURIED = 10;
/** CW-R19. */
export const DEATH_VOTES = 7;
/** CW-P4: 11 Safe + 1 Claw; a Night uses as many as there are living players (CW-R26). */
export const NIGHT_DECK = { safe: 11, claw: 1 };

/**
 * Seconds per step. CW-P11: a turn; CW-P8: the Seer's choice; CW-P9: the Werewolves' choice for
 * the Powerful Angel. The rest are this product's (docs/card-werewolf.md): the Identification
 * count "1…5" (CW-R10), the basic Angel's look, and the Night's look at the cards (CW-R27).
 */
export const SECONDS = { identify: 5, wolves: 15, angel: 30, turn: 60, seer: 30, night: 5 } as const;
