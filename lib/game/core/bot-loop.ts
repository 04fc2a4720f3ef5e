// A whole game played by bots from their own views (simulators, tests), for any mode: each round
// every seat with something to do acts once, in seat order; when nobody has, time jumps to the
// step's deadline. Each bot's view is kept by folding the events it can read as they come (what a
// client does), rather than re-folding the whole log per decision.
import { canSee, type GameEvent, type GameMode, type PlayerId, type Step } from "./types";

export interface BotLoop<C, S, A extends { type: string }, V, L> {
  mode: GameMode<C, S, A, V>;
  legal: (state: S, player: PlayerId) => L[];
  decide: (view: V, legal: L[]) => A | null;
  /** A bound on rounds, so a bug shows as an unfinished game rather than a hang. */
  maxRounds: number;
  onEvents?: (events: GameEvent[]) => void;
}

export function runBots<C, S, A extends { type: string }, V, L>(loop: BotLoop<C, S, A, V, L>, players: PlayerId[], start: Step<S>, now0: number): { state: S; refused: number } {
  const { mode } = loop;
  let state = start.state;
  const views = players.map((p) => mode.initialView(p, players));
  const take = (events: GameEvent[]) => {
    loop.onEvents?.(events);
    const seats = mode.seats(state);
    const ended = mode.status(state).ended;
    for (const e of events) seats.forEach((seat, i) => {
      if (canSee(e.audience, seat, ended)) views[i] = mode.applyEvent(views[i], e);
    });
  };
  take(start.events);
  let now = now0;
  let refused = 0;
  for (let round = 0; round < loop.maxRounds && !mode.status(state).ended; round++) {
    let acted = false;
    for (const [i, p] of players.entries()) {
      const legal = loop.legal(state, p);
      if (legal.length === 0) continue;
      const action = loop.decide(views[i], legal);
      if (action === null) continue;
      const r = mode.act(state, p, action, { now });
      if (!r.ok) {
        refused++;
        continue;
      }
      state = r.value.state;
      take(r.value.events);
      acted = true;
      if (mode.status(state).ended) break;
    }
    const deadline = mode.status(state).deadline;
    if (!acted && deadline !== null) {
      now = Math.max(now, deadline);
      const step = mode.advance(state, { now });
      state = step.state;
      take(step.events);
    } else if (!acted) break;
  }
  return { state, refused };
}
