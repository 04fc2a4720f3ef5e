// S-VOTE-1..5, C-LOVERS-2, C-SHERIFF-1/2, C-VOTE-1: secret, final votes; the tally is published at
// close; the unique most-voted player is eliminated (or elected Sheriff).
import type { EngineError, PlayerId } from "../core/types";
import { refuse } from "../core/result";
import { pick } from "../core/rng";
import { wrongPhase } from "./checks";
import { partnerOf } from "./cupid";
import { emit, PUBLIC, rngOf, toPlayer, type Tx } from "./events";
import { enterPhase } from "./phase";
import { continueAfterDeaths, killAll } from "./resolution";
import { livingCount, livingExcept, livingOf } from "./roles";
import { setSheriff } from "./sheriff";
// `Pick` (a vote or pick cast by a player) renamed: this file also uses TypeScript's own `Pick<>`.
import type { Facts, LegalAction, Pick as Cast, TallyRecord, VoteKind } from "./types";

const NOT_NOW = wrongPhase("vote", ["vote", "sheriff.election"]);
const DEAD = refuse("NOT_ALIVE", "Only living players vote.");
const FINAL = refuse("ALREADY_ACTED", "Your vote is final.");

const NO_CHOICE = refuse("NOT_YOUR_TURN", "There is nobody you may vote for in this vote.");

type VoteFacts = Pick<Facts, "phase" | "players" | "alive" | "candidates" | "lovers">;

/** C-LOVERS-2: never against one's lover; a re-vote is among the tied only (C-VOTE-1); never self. */
function voteTargets(f: VoteFacts, me: PlayerId): PlayerId[] {
  const partner = f.phase === "vote" ? partnerOf(f.lovers, me) : null;
  return f.candidates ? f.candidates.filter((p) => p !== me && p !== partner) : livingExcept(f, me, partner);
}

export function voteRule(f: Facts): LegalAction | EngineError {
  if (f.phase !== "vote" && f.phase !== "sheriff.election") return NOT_NOW;
  if (!f.alive[f.me]) return DEAD;
  if (f.myVote !== null) return FINAL;
  const targets = voteTargets(f, f.me);
  // A lover in a re-vote between the two lovers has nobody left to vote for: no empty choice.
  if (targets.length === 0) return NO_CHOICE;
  return { type: "vote", targets };
}

export function applyVote(tx: Tx, me: PlayerId, target: PlayerId): void {
  const s = tx.s;
  s.votes = [...s.votes, { by: me, target }];
  emit(tx, { type: "vote_ack", audience: toPlayer(me), at: tx.now, day: s.day, target });
  // S-VOTE-6: that a player voted is public; the event names nobody else and has one shape.
  emit(tx, { type: "voted", audience: PUBLIC, at: tx.now, day: s.day, player: me });
  // S-FLOW-4: every vote is final, so the vote closes once every living player has voted. Not
  // once everyone *able* to vote has: in a re-vote between the two lovers neither has anyone to
  // vote for (C-LOVERS-2), and closing without them would tell the table they are lovers (P-3).
  if (s.votes.length >= livingCount(s)) (s.phase === "vote" ? closeVote : closeElection)(tx);
}

/** The target of `by`'s vote, if they voted (each player votes at most once per vote, S-VOTE-2). */
export function voteOf(cast: readonly Cast[], by: PlayerId): PlayerId | null {
  for (const v of cast) if (v.by === by) return v.target;
  return null;
}

/**
 * From the votes counted by seat: each voted player's count, keyed in seat order, and the seats with
 * the most votes (S-VOTE-5: one of them is eliminated).
 */
export function countsOf(players: readonly PlayerId[], tallied: readonly number[]): { counts: Record<PlayerId, number>; top: number[] } {
  let most = 0;
  for (const n of tallied) if (n > most) most = n;
  const counts: Record<PlayerId, number> = {};
  const top: number[] = [];
  for (let seat = 0; seat < players.length; seat++) {
    const n = tallied[seat];
    if (n === 0) continue;
    counts[players[seat]] = n;
    if (n === most) top.push(seat);
  }
  return { counts, top };
}

/** Publishes who voted for whom (S-VOTE-4); the Sheriff's vote counts twice (C-SHERIFF-2). */
function tally(tx: Tx, kind: VoteKind): TallyRecord {
  const s = tx.s;
  // Both records are keyed in seat order (a record's key order carries nothing: stored as jsonb,
  // it is lost). Keys added in the order votes were cast made a new key order, so a new V8 hidden
  // class, in most tallies; counting by seat needs no map either.
  const tallied: number[] = new Array<number>(s.players.length).fill(0);
  const votes: Record<PlayerId, PlayerId> = {};
  for (let seat = 0; seat < s.players.length; seat++) {
    const by = s.players[seat];
    const target = voteOf(s.votes, by);
    if (target === null) continue;
    votes[by] = target;
    tallied[s.players.indexOf(target)] += kind !== "sheriff" && by === s.sheriff ? 2 : 1;
  }
  const { counts, top } = countsOf(s.players, tallied);
  const leaders = top.map((seat) => s.players[seat]);
  const record: TallyRecord = {
    day: s.day,
    kind,
    votes,
    counts,
    result: leaders.length === 1 ? leaders[0] : null,
    tied: leaders.length > 1 ? leaders : [],
  };
  s.tallies = [...s.tallies, record];
  emit(tx, { type: "vote_result", audience: PUBLIC, at: tx.now, day: record.day, kind, votes, counts, result: record.result, tied: record.tied });
  return record;
}

export function closeVote(tx: Tx): void {
  const s = tx.s;
  const t = tally(tx, s.revote ? "revote" : "vote");
  s.then = "night";
  if (t.result !== null) killAll(tx, [t.result], "vote");
  else if (t.tied.length > 0 && !s.revote && s.config.tieRevote) {
    // C-VOTE-1: 30 s more discussion, then one re-vote among the tied only.
    return enterPhase(tx, "day", { candidates: t.tied, revote: true });
  }
  continueAfterDeaths(tx);
}

/** C-SHERIFF-1: unique most votes wins; else one of the tied (or of all living) at random. */
export function closeElection(tx: Tx): void {
  const t = tally(tx, "sheriff");
  if (t.result !== null) setSheriff(tx, t.result, "election");
  else {
    const pool = t.tied.length > 0 ? t.tied : livingOf(tx.s);
    if (pool.length > 0) setSheriff(tx, pick(rngOf(tx), pool), "random");
  }
  enterPhase(tx, "vote");
}
