// Missed public turns in a Catch-the-Witch game (docs/robustness.md), from public events only: the
// Evening discussion every human-form cat ends ("End discussion" is a public confirmation) or speaks
// in. Picks, spells, abilities and votes are not looked at: picks are secret, and a timed-out yes/no
// or vote reads as Yes / Blank, like a real one.
import type { MissedTurns } from "../core/platform";
import type { GameEvent, PlayerId } from "../core/types";

const ids = (v: unknown): PlayerId[] => (Array.isArray(v) ? v.filter((p): p is PlayerId => typeof p === "string") : []);

export function witchHuntMissedTurns(players: readonly PlayerId[], events: readonly GameEvent[]): Map<PlayerId, MissedTurns> {
  const missed = new Map(players.map((p) => [p, 0]));
  const frogs = new Set<PlayerId>();
  const expelled = new Set<PlayerId>();
  let turn: { eligible: PlayerId[]; answered: Set<PlayerId> } | null = null;
  const close = () => {
    for (const p of turn?.eligible ?? []) missed.set(p, turn!.answered.has(p) ? 0 : (missed.get(p) ?? 0) + 1);
    turn = null;
  };
  for (const e of events) {
    if (e.audience.kind !== "public") continue;
    switch (e.type) {
      case "phase":
        if (turn) close();
        if (e.phase === "discussion") turn = { eligible: players.filter((p) => !frogs.has(p) && !expelled.has(p)), answered: new Set() };
        break;
      case "confirmed":
        if (e.phase === "discussion" && typeof e.player === "string") turn?.answered.add(e.player);
        break;
      case "chat":
        if (e.channel === "table" && typeof e.from === "string") turn?.answered.add(e.from);
        break;
      case "evening_news":
        for (const p of ids(e.frogged)) frogs.add(p);
        for (const p of ids(e.restored)) frogs.delete(p);
        break;
      case "vote_result":
        if (typeof e.expelled === "string") expelled.add(e.expelled);
        break;
    }
  }
  return new Map([...missed].map(([p, n]) => [p, { missed: n, alive: !expelled.has(p) }]));
}
