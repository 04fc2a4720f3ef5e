// A bot seat: one action from its own view and its legal choices (never the state). Honest, simple
// play: the Village piles Votes on whom the Seer, the Angel or the Werewolves' own plays make
// suspect, guards itself and uses the Seer on itself; the Werewolves pile Votes on non-members,
// never on each other. Pure: randomness from the RNG passed in.
import { pick, type RngState } from "../core/rng";
import type { PlayerId } from "../core/types";
import { CARDS } from "./tables";
import type { CardKind, CardWerewolfAction, CardWerewolfLegal, CardWerewolfView } from "./types";

const isWolfSide = (v: CardWerewolfView) => v.role === "werewolf" || v.role === "traitor";

/** How much this seat wants each player dead: high for known or suspected enemies, low for friends. */
export function hostility(v: CardWerewolfView): Record<PlayerId, number> {
  const score: Record<PlayerId, number> = {};
  for (const p of v.players) score[p] = 0;
  if (isWolfSide(v)) {
    for (const p of v.players) score[p] = v.wolves.includes(p) ? -20 : 5;
  } else {
    for (const r of v.seerResults) score[r.target] += r.seen === "werewolf" ? 10 : -5;
    const a = v.angelKnows;
    if (a) score[a.player] += a.team !== null || a.role === "werewolf" || a.role === "traitor" ? 10 : -5;
    // Who piles Votes on me or on players shown good is suspect; on players shown bad, trusted.
    const known = { ...score };
    for (const [by, to] of Object.entries(v.given)) {
      for (const [t, n] of Object.entries(to)) {
        if (t === v.me) score[by] += n;
        else if (known[t] < 0) score[by] += n / 2;
        else if (known[t] >= 10) score[by] -= n / 2;
      }
    }
  }
  score[v.me] = -100;
  return score;
}

function playScore(v: CardWerewolfView, h: Record<PlayerId, number>, kind: CardKind, t: PlayerId): number {
  const hate = h[t];
  switch (kind) {
    case "guard":
      return t === v.me ? 3 : 2 - hate / 10;
    case "ban":
      return 3 + hate / 5;
    case "curse":
      return 4 + hate / 5;
    case "witch":
      return hate > 0 ? 20 + hate : hate < -50 ? -100 : 1 + hate / 5;
    case "seer":
      return t === v.me ? 15 : 5 + hate / 10;
    default:
      // Votes: on the most hated, then on whoever is already closest to 7 (focus).
      return hate < -50 ? -50 + CARDS[kind].votes : 8 + hate + (v.votes[t] ?? 0) / 2 + CARDS[kind].votes / 10;
  }
}

function best<T>(rng: RngState, items: T[], score: (x: T) => number): T {
  let top = -Infinity;
  let out: T[] = [];
  for (const x of items) {
    const s = score(x);
    if (s > top) [top, out] = [s, [x]];
    else if (s === top) out.push(x);
  }
  return pick(rng, out);
}

export function botAction(v: CardWerewolfView, legal: CardWerewolfLegal[], rng: RngState): CardWerewolfAction | null {
  const l = legal[0];
  if (!l) return null;
  const h = hostility(v);
  switch (l.type) {
    case "play": {
      const kindOf = (id: number) => v.hand.find((c) => c.id === id)?.kind ?? "vote";
      const opts = l.plays!.flatMap((o) => (o.targets.length > 0 ? o.targets.map((t) => ({ card: o.card, target: t as PlayerId | undefined })) : [{ card: o.card, target: undefined }]));
      const o = best(rng, opts, (x) => (x.target === undefined ? 0 : playScore(v, h, kindOf(x.card), x.target)));
      return o.target === undefined ? { type: "play", card: o.card } : { type: "play", card: o.card, target: o.target };
    }
    case "view":
      return { type: "view", target: best(rng, l.targets!, (t) => -Math.abs(h[t])) };
    case "point":
      // The Traitor counts for neither side (CW-R43): the cheapest member to give away.
      return { type: "point", target: best(rng, l.targets!, (t) => (t === v.traitor ? 1 : 0)) };
    case "look":
      return { type: "look", target: pick(rng, l.targets!) };
  }
}
