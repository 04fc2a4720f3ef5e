// C-SHERIFF-1..3: elected after Day 1's discussion, double vote, names a successor when dying.
import type { EngineError, PlayerId } from "../core/types";
import { refuse } from "../core/result";
import { pick } from "../core/rng";
import { wrongPhase } from "./checks";
import { emit, PUBLIC, rngOf, type Tx } from "./events";
import { continueAfterDeaths } from "./resolution";
import { livingExcept, livingOf } from "./roles";
import type { Facts, LegalAction } from "./types";

const NOT_NOW = wrongPhase("pass the badge", ["sheriff.succession"]);
const NOT_YOU = refuse("NOT_YOUR_TURN", "Only the dying Sheriff names a successor.");

export function passBadgeRule(f: Facts): LegalAction | EngineError {
  if (f.phase !== "sheriff.succession") return NOT_NOW;
  if (f.actor !== f.me) return NOT_YOU;
  return { type: "pass_badge", targets: livingExcept(f, f.me) };
}

export function setSheriff(tx: Tx, player: PlayerId, how: "election" | "random" | "succession"): void {
  tx.s.sheriff = player;
  emit(tx, { type: "sheriff", audience: PUBLIC, at: tx.now, day: tx.s.day, player, how });
}

export function applyPassBadge(tx: Tx, target: PlayerId): void {
  setSheriff(tx, target, "succession");
  continueAfterDeaths(tx);
}

/** [decision] C-SHERIFF-3: a silent dying Sheriff's badge goes to a random living player. */
export function succeedAtRandom(tx: Tx): void {
  const living = livingOf(tx.s);
  setSheriff(tx, pick(rngOf(tx), living), "random");
  continueAfterDeaths(tx);
}
