// One value per seat of the last list of players asked about, made once per list: a step, its
// bots and the next steps share their state's list, which a game never writes into.

/**
 * `make` of each player, by seat, for the last list asked about. The value handed out for a seat
 * is the same object every time (callers must not write into it), so readers can compare it by
 * reference. The list is written only when it changes: the cache outlives a game, and storing a
 * game's (young) list into it is recorded for the collector each time.
 */
export function perSeat<T>(make: (player: string) => T): (players: readonly string[], seat: number) => T {
  let of: readonly string[] | null = null;
  let values: T[] = [];
  return (players, seat) => {
    if (of !== players) {
      of = players;
      values = players.map((p) => make(p));
    }
    return values[seat];
  };
}
