// Deaths and what follows them: dawn resolution (S-NIGHT-RESOLVE), chained lover deaths
// (C-LOVERS-1), pending Hunter shots and Sheriff successions, then the win check.
import type { GameEvent, PlayerId } from "../core/types";
import { emit, END, logEnd, PUBLIC, toPlayer, type Tx } from "./events";
import { enterPhase, endGame, startDay, startNight } from "./phase";
import { partnerOf } from "./cupid";
import { copyBySeat } from "./state";
import { livingExcept } from "./roles";
import type { DeathRecord, NightState, RoleId } from "./types";
import { checkWin } from "./win";

/**
 * Kills the given players (and, in chain, their lovers), announces them publicly by name only —
 * classic also reveals their cards (C-REVEAL-1) — and queues Hunter shots and Sheriff badges.
 */
export function killAll(tx: Tx, victims: readonly PlayerId[], when: DeathRecord["when"]): void {
  const s = tx.s;
  const dying: PlayerId[] = [];
  for (const p of victims) if (s.alive[p] && !dying.includes(p)) dying.push(p);
  const victimCount = dying.length;
  for (let i = 0; i < victimCount; i++) {
    const partner = partnerOf(s.lovers, dying[i]);
    if (partner !== null && s.alive[partner] && !dying.includes(partner)) dying.push(partner);
  }
  const players = s.players.filter((p) => dying.includes(p)); // seat order: hides who died how
  if (players.length === 0 && when !== "dawn") return;
  if (players.length > 0) {
    // A dawn without deaths keeps `alive` (and what is derived from it: roles.ts, view.ts).
    const alive = copyBySeat(s.players, s.alive);
    const pending = [...s.pending];
    for (const p of players) {
      alive[p] = false;
      if (s.roles[p] === "hunter") pending.push({ kind: "shot", player: p });
      if (s.sheriff === p) pending.push({ kind: "badge", player: p });
    }
    s.alive = alive;
    s.pending = pending;
  }
  const record: DeathRecord = { day: s.day, when, players };
  if (s.config.ruleset === "classic" && players.length > 0) {
    const roles: Record<PlayerId, RoleId> = {};
    for (const p of players) roles[p] = s.roles[p];
    record.roles = roles;
  }
  s.deaths = [...s.deaths, record];
  const e = emit(tx, { type: "death", audience: PUBLIC, at: tx.now, day: record.day, when, players });
  if (record.roles) e.roles = record.roles;
}

/**
 * After deaths: take pending shots first (S-HUNTER-2), then successions (C-SHERIFF-3), then the
 * win check (S-WIN-1 / C-WIN-1), then go on to `s.then`.
 */
export function continueAfterDeaths(tx: Tx): void {
  const s = tx.s;
  while (s.pending.length > 0) {
    const i = Math.max(0, s.pending.findIndex((q) => q.kind === "shot"));
    const next = s.pending[i];
    s.pending = s.pending.filter((_, j) => j !== i);
    const targets = livingExcept(s, next.player);
    if (targets.length === 0) continue; // nobody left to shoot or to inherit the badge
    if (next.kind === "shot") {
      enterPhase(tx, "hunter", { actor: next.player });
      emit(tx, { type: "your_shot", audience: toPlayer(next.player), at: tx.now, day: s.day });
    } else {
      enterPhase(tx, "sheriff.succession", { actor: next.player });
    }
    return;
  }
  const winner = checkWin(s);
  if (winner !== null) endGame(tx, winner);
  else if (s.then === "day") startDay(tx);
  else startNight(tx);
}

/**
 * S-NIGHT-RESOLVE (+ C-GIRL-1): who dies at dawn of night `day`, and the night's timeline entry
 * (S-END-1).
 */
export function dawnOf(n: NightState, day: number, at: number): { dead: PlayerId[]; entry: GameEvent } {
  const dead: PlayerId[] = [];
  if (n.target !== null) {
    const caughtGirl = n.caught && n.target === n.peeker; // no save can stop it
    if (caughtGirl || (!n.saved && n.protect !== n.target)) dead.push(n.target);
  }
  if (n.poison !== null && !dead.includes(n.poison)) dead.push(n.poison);
  const entry: GameEvent = {
    type: "night",
    audience: END,
    at,
    day,
    picks: n.picks,
    target: n.target,
    protect: n.protect,
    inspect: n.inspect,
    witchTold: n.witchInfo !== null,
    saved: n.saved,
    poison: n.poison,
    peek: n.peeker === null ? null : { girl: n.peeker, caught: n.caught },
    dead,
  };
  return { dead, entry };
}

export function resolveNight(tx: Tx): void {
  const s = tx.s;
  const { dead, entry } = dawnOf(s.night, s.day, tx.now);
  logEnd(tx, entry);
  s.then = "day";
  killAll(tx, dead, "dawn");
  continueAfterDeaths(tx);
}
