// The standard ruleset's phase machine on the seat state (S-FLOW-1..5, S-NIGHT-RESOLVE, S-HUNTER-2,
// S-VOTE-3..5, S-WIN-1): the same steps and the same events, in the same order, as the classic
// engine's flow.ts, resolution.ts, vote.ts and win.ts play for a standard game.
import type { Audience, GameEvent, PlayerId } from "../../core/types";
import { fillAll, filled } from "../../core/filled";
import { perSeat } from "../../core/per-seat";
import { deadlineAfter } from "../../core/timing";
import { phaseSeconds } from "../config";
import { END, PUBLIC, toPlayer } from "../events";
import { dawnOf } from "../resolution";
import { countsOf } from "../vote";
import { emptyNight } from "../state";
import type { DeathRecord, PhaseId, TallyRecord, Winner } from "../types";
import { wolvesTarget } from "../wolf";
import { inMask, type Seat, type SeatState } from "./types";

/** One step: the state it changes in place, the events it emits, its time. */
export interface SeatTx {
  s: SeatState;
  out: GameEvent[];
  now: number;
}

/** A step's list before its first event: never written into (`emit` replaces it). */
const NO_EVENTS: GameEvent[] = [];

/** Begins a step on `s` at `now`. */
export const txOf = (s: SeatState, now: number): SeatTx => ({ s, out: NO_EVENTS, now });

/** The step's events, in a list of their own. */
export const eventsOf = (tx: SeatTx): GameEvent[] => (tx.out === NO_EVENTS ? [] : tx.out);

export function emit(tx: SeatTx, e: GameEvent): GameEvent {
  // Most steps emit one event: a list made from it holds one slot, where the first push onto an
  // empty list reserves seventeen (allocation, and so the collector, is a tenth of a bot game).
  if (tx.out.length === 0) tx.out = [e];
  else tx.out.push(e);
  return e;
}

/**
 * One audience object per seat for its private events (PUBLIC and the others are shared constants
 * the same way): events are never written into after they are made.
 */
const audiences = perSeat(toPlayer);

export const toSeat = (s: SeatState, seat: Seat): Audience => audiences(s.players, seat);

/** A private fact for the results timeline: readable by nobody until the end (S-END-1). */
export function logEnd(tx: SeatTx, e: GameEvent): void {
  tx.s.timeline.push(emit(tx, e));
}

/** A new step (or the end): nobody has acted, readied or voted in it yet. */
function resetStep(s: SeatState, phase: PhaseId, deadline: number | null, actor: Seat): void {
  s.phase = phase;
  s.deadline = deadline;
  s.actor = actor;
  fillAll(s.acted, false);
  // Only a discussion readies and only a vote votes: the lists are cleared when the step used them
  // (`ready` lists the seats marked in `readySeats`, `voted` counts those set in `votes`).
  if (s.ready.length > 0) {
    s.ready = [];
    fillAll(s.readySeats, false);
  }
  if (s.voted > 0) {
    fillAll(s.votes, -1);
    s.voted = 0;
  }
}

function enterPhase(tx: SeatTx, phase: Exclude<PhaseId, "ended">, actor: Seat = -1): void {
  const s = tx.s;
  resetStep(s, phase, deadlineAfter(tx.now, phaseSeconds(s.config, phase), s.config.timeScale), actor);
  emit(tx, { type: "phase", audience: PUBLIC, at: tx.now, phase, day: s.day, deadline: s.deadline });
  if (phase === "night.witch") tellWitch(tx);
}

/**
 * S-WITCH-2: at the start of her step the living Witch learns the wolves' target (or that there is
 * none), but only while her save potion is unused.
 */
function tellWitch(tx: SeatTx): void {
  const s = tx.s;
  const witch = s.cards.indexOf("witch");
  if (witch < 0 || !s.alive[witch] || !s.potions.save) return;
  s.night.witchInfo = { witch: s.players[witch], target: s.night.target };
  emit(tx, { type: "witch_target", audience: toSeat(s, witch), at: tx.now, day: s.day, target: s.night.target });
}

export function startNight(tx: SeatTx): void {
  tx.s.day += 1;
  tx.s.night = emptyNight();
  enterPhase(tx, "night.main");
}

/** Ends the current phase (deadline reached, or every public actor done). Timeouts are skips. */
export function endPhase(tx: SeatTx): void {
  const s = tx.s;
  switch (s.phase) {
    case "night.main":
      s.night.target = wolvesTarget(s.night.picks);
      return enterPhase(tx, "night.witch");
    case "night.witch":
      return resolveNight(tx);
    case "hunter":
      return shoot(tx, s.actor, -1);
    case "day":
      return enterPhase(tx, "vote");
    case "vote":
      return closeVote(tx);
    default:
      return;
  }
}

/** S-NIGHT-RESOLVE: who dies at dawn, then the night's timeline entry (as the rules engine). */
function resolveNight(tx: SeatTx): void {
  const s = tx.s;
  const { dead, entry } = dawnOf(s.night, s.day, tx.now);
  logEnd(tx, entry);
  s.then = "day";
  let dying = 0;
  for (const p of dead) dying |= 1 << s.players.indexOf(p);
  kill(tx, dying, "dawn");
  continueAfterDeaths(tx);
}

/**
 * Kills the living among `dying` (a mask of seats: bit q is seat q), announces them publicly by
 * name only, in seat order (which hides who died how), and queues Hunter shots.
 */
function kill(tx: SeatTx, dying: number, when: DeathRecord["when"]): void {
  const s = tx.s;
  const players: PlayerId[] = [];
  for (let seat = 0; seat < s.players.length; seat++) {
    if (!s.alive[seat] || !inMask(dying, seat)) continue;
    players.push(s.players[seat]);
    s.alive[seat] = false;
    s.living--;
    if (s.cards[seat] === "wolf") s.livingWolves--;
    if (s.cards[seat] === "hunter") s.pending.push(seat);
  }
  if (players.length === 0 && when !== "dawn") return;
  if (players.length > 0) s.deathsSeen++;
  s.deaths.push({ day: s.day, when, players });
  emit(tx, { type: "death", audience: PUBLIC, at: tx.now, day: s.day, when, players });
}

/** After deaths: pending shots first (S-HUNTER-2), then the win check (S-WIN-1), then `then`. */
function continueAfterDeaths(tx: SeatTx): void {
  const s = tx.s;
  while (s.pending.length > 0) {
    const hunter = s.pending.shift()!;
    if (s.living - (s.alive[hunter] ? 1 : 0) === 0) continue; // nobody left to shoot
    enterPhase(tx, "hunter", hunter);
    emit(tx, { type: "your_shot", audience: toSeat(s, hunter), at: tx.now, day: s.day });
    return;
  }
  const winner = winnerOf(s);
  if (winner !== null) endGame(tx, winner);
  else if (s.then === "day") enterPhase(tx, "day");
  else startNight(tx);
}

/** The Hunter's shot (`target` -1: skipped or timed out), resolved before the win check. */
export function shoot(tx: SeatTx, hunter: Seat, target: Seat): void {
  const s = tx.s;
  logEnd(tx, { type: "shot", audience: END, at: tx.now, day: s.day, by: s.players[hunter], target: target < 0 ? null : s.players[target] });
  if (target >= 0) kill(tx, 1 << target, "shot");
  continueAfterDeaths(tx);
}

/** S-WIN-1: standard ends at parity. */
function winnerOf(s: SeatState): Winner | null {
  if (s.living === 0) return "draw";
  if (s.livingWolves === 0) return "village";
  return s.livingWolves >= s.living - s.livingWolves ? "wolves" : null;
}

/** The end: by a win (S-WIN-1), or with no winner when the host ends the game (`endedBy`). */
export function endGame(tx: SeatTx, winner: Winner | null, endedBy?: PlayerId): void {
  const s = tx.s;
  resetStep(s, "ended", null, -1);
  s.winner = winner;
  const side = winner === "wolves";
  const winners: PlayerId[] = [];
  if (endedBy !== undefined) s.endedBy = endedBy;
  if (winner !== null && winner !== "draw") for (let seat = 0; seat < s.players.length; seat++) if ((s.cards[seat] === "wolf") === side) winners.push(s.players[seat]);
  s.winners = winners;
  const by = endedBy === undefined ? null : { endedBy };
  emit(tx, { type: "game_end", audience: PUBLIC, at: tx.now, day: s.day, winner, winners, roles: s.roles, ...by });
}

/** S-VOTE-4/5: publishes who voted for whom; the unique most-voted player is eliminated. */
function closeVote(tx: SeatTx): void {
  const s = tx.s;
  const n = s.players.length;
  const tallied = filled(n, 0);
  const votes: Record<PlayerId, PlayerId> = {};
  for (let seat = 0; seat < n; seat++) {
    const target = s.votes[seat];
    if (target < 0) continue;
    votes[s.players[seat]] = s.players[target];
    tallied[target]++;
  }
  const { counts, top: leaders } = countsOf(s.players, tallied);
  const result = leaders.length === 1 ? s.players[leaders[0]] : null;
  const tied = leaders.length > 1 ? leaders.map((seat) => s.players[seat]) : [];
  const record: TallyRecord = { day: s.day, kind: "vote", votes, counts, result, tied };
  s.tallies.push(record);
  emit(tx, { type: "vote_result", audience: PUBLIC, at: tx.now, day: s.day, kind: "vote", votes, counts, result, tied });
  s.then = "night";
  if (leaders.length === 1) kill(tx, 1 << leaders[0], "vote");
  continueAfterDeaths(tx);
}
