// Standard game start on the seat state: the same deal, events and first night as setup.ts.
import type { PlayerId, Result, SetupCtx, Step } from "../../core/types";
import { ok } from "../../core/types";
import { filled } from "../../core/filled";
import { countRoles } from "../composition";
import { dealRoles, startEvents } from "../setup";
import { emptyNight } from "../state";
import type { RoleId, WerewolfConfig } from "../types";
import { startNight, type SeatTx } from "./flow";
import type { SeatState } from "./types";

/**
 * A standard deck's card counts by its size (a standard deck depends on nothing else): counted
 * once, then copied, where counting keys a record by each card's role.
 */
const compositions: (Partial<Record<RoleId, number>> | undefined)[] = [];

function compositionOf(deck: readonly RoleId[]): Partial<Record<RoleId, number>> {
  const counted = (compositions[deck.length] ??= countRoles(deck));
  return { ...counted };
}

export function setupSeats(config: WerewolfConfig, players: PlayerId[], ctx: SetupCtx, fixedRoles?: Record<PlayerId, string>): Result<Step<SeatState>> {
  const dealt = dealRoles(config, players, ctx, fixedRoles);
  if (!dealt.ok) return dealt;
  const { deck, roles, cards, rng } = dealt.value;
  const seats = players.slice();
  const n = seats.length;
  const wolfSeats: number[] = [];
  for (let seat = 0; seat < n; seat++) if (cards[seat] === "wolf") wolfSeats.push(seat);
  const state: SeatState = {
    engine: "seat",
    config,
    players: seats,
    composition: compositionOf(deck),
    roles,
    cards,
    wolves: wolfSeats.map((seat) => seats[seat]),
    wolfSeats,
    alive: filled(n, true),
    living: n,
    livingWolves: wolfSeats.length,
    deathsSeen: 0,
    rng,
    phase: "night.main",
    day: 0,
    deadline: null,
    actor: -1,
    acted: filled(n, false),
    ready: [],
    readySeats: filled(n, false),
    votes: filled(n, -1),
    voted: 0,
    night: emptyNight(),
    potions: { save: true, poison: true },
    guardLast: null,
    seerLog: [],
    pending: [],
    then: "night",
    chat: [],
    chatTimes: seats.map(() => []),
    deaths: [],
    tallies: [],
    timeline: [],
    winner: null,
    winners: [],
    steps: 0,
  };
  const tx: SeatTx = { s: state, out: startEvents(config, ctx.now, state.players, state.composition, cards, state.wolves), now: ctx.now };
  startNight(tx);
  return ok({ state, events: tx.out });
}
