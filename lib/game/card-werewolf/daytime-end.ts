// The end of a player's play (CW-R13, CW-R17, CW-R20, CW-R22, CW-P5, CW-P12): a death ends Daytime
// at once and the active player does not draw; else they draw, and the Howling Wolf ends Daytime
// with the execution check; else the turn passes left. Night always follows Daytime (CW-P5).
import { PUBLIC } from "../core/audiences";
import type { PlayerId } from "../core/types";
import { kill } from "./death";
import { draw } from "./deck";
import { startNight } from "./night";
import { living, nextLiving } from "./seats";
import { startTurn } from "./turn-start";
import { emit, type Tx } from "./tx";

/** CW-R20: the player with the most Votes dies; a tie at the top kills nobody. */
function execution(tx: Tx): void {
  const s = tx.s;
  const alive = living(s);
  const top = Math.max(...alive.map((p) => s.votes[p]));
  const most = alive.filter((p) => s.votes[p] === top);
  emit(tx, "execution", PUBLIC, { top, tied: most.length > 1 ? most : [] });
  if (most.length === 1) kill(tx, most[0], "execution");
}

function howl(tx: Tx, p: PlayerId): void {
  tx.s.howler = p;
  emit(tx, "howled", PUBLIC, { player: p }); // CW-R17
  execution(tx);
  if (tx.s.phase !== "ended") startNight(tx);
}

export function endOfPlay(tx: Tx): void {
  const s = tx.s;
  if (s.phase === "ended" || s.seer !== null || s.turn === null) return;
  if (tx.died) return startNight(tx); // CW-R22, CW-R25, CW-P12
  const p = s.turn;
  const drawn = draw(tx, p);
  if (drawn === "card") return startTurn(tx, nextLiving(s, p) ?? p);
  // "empty" cannot happen (the Howling Wolf lies in the last 10 cards); treated as the Howling Wolf.
  return howl(tx, p);
}
