// Missed public turns in a werewolf game (docs/robustness.md): phase changes, "ready to vote", day
// chat, published vote tallies, deaths — turns every living player has whatever their role. Night
// actions are never looked at: only some roles have one, so "missed night actions" would reveal roles.
import type { MissedTurns } from "../core/platform";
import type { GameEvent, PlayerId } from "../core/types";

type Turn = { eligible: Set<string>; answered: Set<string> };

const VOTING_PHASES = new Set(["vote", "sheriff.election"]);

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/**
 * Folds the public events of one game, in order. A day's discussion counts as answered by a day
 * chat line or "ready to vote"; a vote by appearing in its published tally. Phases no one must act
 * in (the night, shots, successions) are not turns. Timers decide every phase; this only reports.
 */
export function werewolfMissedTurns(players: readonly PlayerId[], events: readonly GameEvent[]): Map<PlayerId, MissedTurns> {
  const missed = new Map(players.map((p) => [p, 0]));
  const alive = new Set(players);
  let day: Turn | null = null;
  let vote: Turn | null = null;

  const close = (turn: Turn | null) => {
    if (!turn) return;
    for (const p of turn.eligible) missed.set(p, turn.answered.has(p) ? 0 : (missed.get(p) ?? 0) + 1);
  };

  for (const e of events) {
    if (e.audience.kind !== "public") continue;
    switch (e.type) {
      case "phase": {
        close(day);
        day = null;
        // A vote that closed without a tally (the game ended) is not held against anyone.
        vote = null;
        const phase = str(e.phase);
        if (phase === "day") day = { eligible: new Set(alive), answered: new Set() };
        else if (phase && VOTING_PHASES.has(phase)) vote = { eligible: new Set(alive), answered: new Set() };
        break;
      }
      case "ready":
        if (str(e.player)) day?.answered.add(e.player as string);
        break;
      case "chat":
        if (e.channel === "day" && str(e.from)) day?.answered.add(e.from as string);
        break;
      case "vote_result": {
        const votes = e.votes && typeof e.votes === "object" ? Object.keys(e.votes) : [];
        if (vote) {
          for (const by of votes) vote.answered.add(by);
          close(vote);
        }
        vote = null;
        break;
      }
      case "death":
        for (const p of Array.isArray(e.players) ? e.players : []) if (typeof p === "string") alive.delete(p);
        break;
    }
  }
  return new Map([...missed].map(([p, n]) => [p, { missed: n, alive: alive.has(p) }]));
}
