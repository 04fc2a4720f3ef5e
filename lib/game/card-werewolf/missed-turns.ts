// Missed public turns in a card game (docs/robustness.md), from public events only: a Daytime turn
// (whose turn it is and its deadline are on the public `phase` event) and the Seer power's choice
// (its holder is public too) count as answered when the seat's own `played`/`cancelled`/`viewed`
// came before the deadline; the timer's move comes at or after it (the server catches a game up
// before any action). The Identification choices are not looked at: only some roles have one. A
// Banned turn (public `skipped`) is nobody's to miss.
import type { MissedTurns } from "../core/platform";
import type { GameEvent, PlayerId } from "../core/types";

const MOVES = new Set(["played", "cancelled", "viewed"]);

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

export function cardWerewolfMissedTurns(players: readonly PlayerId[], events: readonly GameEvent[]): Map<PlayerId, MissedTurns> {
  const missed = new Map(players.map((p) => [p, 0]));
  const dead = new Set<PlayerId>();
  // The step waiting for one seat's move, until that move comes.
  let waiting: { player: PlayerId; deadline: number } | null = null;
  for (const e of events) {
    if (e.audience.kind !== "public") continue;
    if (e.type === "phase") {
      const player = e.phase === "day" ? str(e.turn) : e.phase === "day.seer" ? str(e.seer) : null;
      waiting = player !== null && typeof e.deadline === "number" ? { player, deadline: e.deadline } : null;
    } else if (e.type === "died" && str(e.player)) {
      dead.add(e.player as string);
    } else if (waiting && MOVES.has(e.type) && (e.player ?? e.viewer) === waiting.player) {
      missed.set(waiting.player, e.at < waiting.deadline ? 0 : (missed.get(waiting.player) ?? 0) + 1);
      waiting = null;
    }
  }
  return new Map([...missed].map(([p, n]) => [p, { missed: n, alive: !dead.has(p) }]));
}
