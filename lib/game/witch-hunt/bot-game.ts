// A whole game played by bots from their own views (simulator, tests): each round every seat with
// something to do acts once, in seat order; when nobody has, time jumps to the step's deadline.
// Each bot's view is kept by folding the events it can read as they come (what a client does),
// rather than re-folding the whole log per decision.
import { seedRng } from "../core/rng";
import { canSee, type GameEvent, type PlayerId } from "../core/types";
import { botAction } from "./bot";
import { legalFor } from "./legal";
import { witchHunt } from "./mode";
import type { WitchHuntState, Winner } from "./types";

export interface BotGameResult {
  winner: Winner | null;
  reason: string | null;
  day: number;
  score: number;
  refused: number;
  state: WitchHuntState;
}

/** A bound on rounds, so a bug shows as an unfinished game rather than a hang. */
const MAX_ROUNDS = 5000;
const EPOCH = Date.UTC(2025, 0, 1);

export function playBotGame(count: number, seed: number, timed = false, onEvents?: (events: GameEvent[]) => void): BotGameResult {
  const players: PlayerId[] = Array.from({ length: count }, (_, i) => `p${i + 1}`);
  const start = witchHunt.setup({ timed, timeScale: 1 }, players, { now: EPOCH, seed });
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value.state;
  const views = players.map((p) => witchHunt.initialView(p, players));
  const take = (events: GameEvent[]) => {
    onEvents?.(events);
    const seats = witchHunt.seats(state);
    const ended = state.phase === "ended";
    for (const e of events) seats.forEach((seat, i) => {
      if (canSee(e.audience, seat, ended)) views[i] = witchHunt.applyEvent(views[i], e);
    });
  };
  take(start.value.events);
  const rng = seedRng((seed ^ 0xb07b07) >>> 0);
  let now = EPOCH;
  let refused = 0;
  for (let round = 0; round < MAX_ROUNDS && state.phase !== "ended"; round++) {
    let acted = false;
    for (const [i, p] of players.entries()) {
      const legal = legalFor(state, p);
      if (legal.length === 0) continue;
      const action = botAction(views[i], legal, rng);
      if (action === null) continue;
      const r = witchHunt.act(state, p, action, { now });
      if (!r.ok) {
        refused++;
        continue;
      }
      state = r.value.state;
      take(r.value.events);
      acted = true;
      if (state.phase === "ended") break;
    }
    if (!acted && state.deadline !== null) {
      now = Math.max(now, state.deadline);
      const step = witchHunt.advance(state, { now });
      state = step.state;
      take(step.events);
    } else if (!acted) break;
  }
  const score = state.players.filter((p) => state.form[p] === "frog").length;
  return { winner: state.winner, reason: state.endReason, day: state.day, score, refused, state };
}
