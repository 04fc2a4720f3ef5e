// The werewolf GameMode (mode id "werewolf", rulesets standard and classic). Standard games run on
// the seat engine (seat/), classic games on the rules engine; a standard game stored before the
// seat engine finishes on the rules engine (the state's shape tells which).
import type { Ctx, GameMode, GameStatus, PlayerId, SeatInfo, Step } from "../core/types";
import { isDue } from "../core/timing";
import { act } from "./act";
import { actionSchema } from "./actions";
import { canStart } from "./composition";
import { configSchema } from "./config";
import { begin } from "./events";
import { endPhase } from "./flow";
import { endByHost } from "./host-end";
import { legalFor } from "./legal";
import { sideOf } from "./roles";
import { seatAct, seatAdvance } from "./seat/act";
import { aliveRecord, seatLegalIds } from "./seat/legal";
import { setupSeats } from "./seat/setup";
import { isSeatState } from "./seat/types";
import { seatViewFor } from "./seat/view";
import { setup } from "./setup";
import type { AnyWerewolfState, LegalAction, WerewolfAction, WerewolfConfig, WerewolfState, WerewolfView } from "./types";
import { applyEvent, initialView, viewFor } from "./view";

function advanceRules(state: WerewolfState, ctx: Ctx): Step<WerewolfState> {
  if (state.phase === "ended" || !isDue(state.deadline, ctx.now)) return { state, events: [] };
  const tx = begin(state, ctx.now);
  endPhase(tx);
  return { state: tx.s, events: tx.out };
}

function status(s: AnyWerewolfState): GameStatus {
  return { phase: s.phase, day: s.day, deadline: s.deadline, ended: s.phase === "ended", winner: s.winner };
}

/** Teams drive team-audience visibility: "wolves" for wolf chat/picks; "lovers" once linked. */
function seats(s: AnyWerewolfState): SeatInfo[] {
  if (isSeatState(s)) return s.players.map((player, seat) => ({ player, seat, alive: s.alive[seat], role: s.cards[seat], teams: [sideOf(s.cards[seat])] }));
  return s.players.map((player, seat) => {
    const role = s.roles[player];
    const teams: string[] = [sideOf(role)];
    if (s.lovers?.includes(player)) teams.push("lovers");
    return { player, seat, alive: s.alive[player], role, teams };
  });
}

/** Whether `player` lives (either shape). */
export function isAlive(s: AnyWerewolfState, player: PlayerId): boolean {
  return isSeatState(s) ? aliveRecord(s)[player] === true : s.alive[player] === true;
}

export const werewolf: GameMode<WerewolfConfig, AnyWerewolfState, WerewolfAction, WerewolfView> = {
  id: "werewolf",
  configSchema,
  actionSchema,
  canStart,
  setup: (config, players, ctx, fixedRoles) => (config.ruleset === "standard" ? setupSeats(config, players, ctx, fixedRoles) : setup(config, players, ctx, fixedRoles)),
  act: (state, actor, action, ctx) => (isSeatState(state) ? seatAct(state, actor, action, ctx) : act(state, actor, action, ctx)),
  advance: (state, ctx) => (isSeatState(state) ? seatAdvance(state, ctx) : advanceRules(state, ctx)),
  status,
  seats,
  viewFor: (state, player) => (isSeatState(state) ? seatViewFor(state, player) : viewFor(state, player)),
  initialView,
  applyEvent,
  endByHost,
  legalActions: (state, player): LegalAction[] => (isSeatState(state) ? seatLegalIds(state, state.players.indexOf(player)) : legalFor(state, player)),
};
