import { canSee, type GameEvent, type GameMode, type PlayerId, type SeatInfo } from "./types";

export interface Viewer {
  player: PlayerId;
  alive: boolean;
  teams: readonly string[];
}

/**
 * A player's view built the way a client builds it: from the initial view, folding only the
 * events `canSee` lets that player read now. `GameMode.viewFor` must equal this.
 */
export function foldView<V>(
  mode: Pick<GameMode<unknown, unknown, { type: string }, V>, "initialView" | "applyEvent">,
  viewer: Viewer,
  players: PlayerId[],
  events: readonly GameEvent[],
  ended: boolean,
): V {
  let view = mode.initialView(viewer.player, players);
  for (const e of events) if (canSee(e.audience, viewer, ended)) view = mode.applyEvent(view, e);
  return view;
}

/** The reader `player` is at a table: their seat, or an outsider who reads only public events. */
export function viewerOf(seats: readonly { player: PlayerId; alive: boolean; teams: readonly string[] }[], player: PlayerId): Viewer {
  const seat = seats.find((x) => x.player === player);
  return seat ? { player, alive: seat.alive, teams: seat.teams } : { player, alive: false, teams: [] };
}

/**
 * Each seat's `viewFor` beside the view its client folds from `events` (the events the steps
 * returned, in order): the contract says the two are equal, the engines' property tests check it.
 */
export function seatViews<S, V>(
  mode: Pick<GameMode<unknown, S, { type: string }, V>, "seats" | "status" | "viewFor" | "initialView" | "applyEvent">,
  state: S,
  events: readonly GameEvent[],
): { seat: SeatInfo; view: V; folded: V }[] {
  const ended = mode.status(state).ended;
  const seats = mode.seats(state);
  const players = seats.map((x) => x.player);
  return seats.map((seat) => ({ seat, view: mode.viewFor(state, seat.player), folded: foldView(mode, seat, players, events, ended) }));
}
