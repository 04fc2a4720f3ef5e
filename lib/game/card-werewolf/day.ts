// A new Daytime (CW-R29, CW-R30, CW-R31, CW-P3, CW-P5): every Day card not boxed is shuffled into a
// new deck with the Howling Wolf buried again; Moon and Cursed tokens stay; a Cursed player starts
// with 1 Vote; two cards to each living player; the first player is the caller on Day 1, then the
// next living player after this Day's last death, or after the Howling Wolf's revealer.
import { PUBLIC } from "../core/audiences";
import { buildDeck, dealHands } from "./deck";
import { living, nextLiving } from "./seats";
import { startTurn } from "./turn-start";
import { emit, type Tx } from "./tx";
import type { PlayerId } from "../core/types";

function firstPlayer(tx: Tx): PlayerId {
  const s = tx.s;
  if (s.day === 0) return s.caller; // CW-R11
  const from = s.lastDeath ?? s.howler ?? s.caller; // CW-P5
  return nextLiving(s, from) ?? s.caller;
}

export function startDay(tx: Tx): void {
  const s = tx.s;
  const first = firstPlayer(tx);
  s.day += 1;
  s.lastDeath = null;
  s.howler = null;
  s.seer = null;
  s.night = {};
  s.discard = [];
  s.banned = [];
  for (const p of s.players) {
    s.hands[p] = [];
    s.front[p] = [];
    s.votes[p] = s.alive[p] && s.cursed.includes(p) ? 1 : 0; // CW-P3
  }
  buildDeck(tx, s.box);
  emit(tx, "day_started", PUBLIC, { day: s.day, first, votes: { ...s.votes } });
  dealHands(tx, living(s));
  startTurn(tx, first);
}
