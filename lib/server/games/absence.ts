// Absent players (docs/robustness.md): who has let several public turns pass in a row. The mode
// says which public events are turns (`missedTurns`, lib/game/core/platform.ts); a mode without it
// reports nobody absent.
import type { GameEvent } from "../../game/core/types";
import { getMode } from "../../game/modes";

/** Missed public turns in a row after which a living player is shown as absent. */
export const ABSENT_AFTER = 3;

export interface Absence {
  /** Public turns (a day's discussion, a vote or election) missed in a row, most recent last. */
  missed: number;
  absent: boolean;
}

/** Folds the *public* events of one game of `mode`, in order. Timers decide every phase; this only reports. */
export function absenceOf(mode: string, players: string[], events: GameEvent[]): Map<string, Absence> {
  const publicEvents = events.filter((e) => e.audience.kind === "public");
  const turns = getMode(mode)?.missedTurns?.(players, publicEvents);
  return new Map(
    players.map((p) => {
      const t = turns?.get(p) ?? { missed: 0, alive: true };
      return [p, { missed: t.missed, absent: t.alive && t.missed >= ABSENT_AFTER }];
    }),
  );
}
