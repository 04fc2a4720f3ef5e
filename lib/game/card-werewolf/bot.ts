// A bot seat: one action from its own view and its legal choices (never the state). Honest, simple
// play: the Werewolves pile Votes on non-members, never on each other. The Village reads the table:
// the Seer's and the Angel's findings, Night victims (the Claw kills only the Village, CW-R27),
// who piled Votes on itself or on players known good, and which teams the public Votes fit
// (bot-suspicion.ts); it joins piles on likely Werewolves, not any pile. It guards itself and uses
// the Seer on itself. Pure: randomness from the RNG passed in.
import { pick, type RngState } from "../core/rng";
import type { PlayerId } from "../core/types";
import { wolfOdds } from "./bot-suspicion";
import { CARDS } from "./tables";
import type { CardKind, CardWerewolfAction, CardWerewolfLegal, CardWerewolfView } from "./types";

const isWolfSide = (v: CardWerewolfView) => v.role === "werewolf" || v.role === "traitor";

/**
 * The Village's weights, tuned by simulation (docs/balance.md): a Night victim counts as known good;
 * Votes on me weigh 3, on known-good players 1.5; the team odds add up to 2 points of hostility
 * and scale how much a pile draws more Votes (up to twice villageFocus a Vote already there).
 */
const W = { nightVictim: -10, onMe: 3, onGood: 1.5, oddsHate: 2, oddsFocus: 4, villageFocus: 2, wolfFocus: 0.5 } as const;

/** What this seat reads from its view: how much it wants each player dead, and (Village) how much each pile is worth joining. */
export interface Reading {
  hate: Record<PlayerId, number>;
  /** Per target, the weight of the Votes already on them: Werewolves join any pile on the Village, the Village the likely Werewolves. */
  focus: Record<PlayerId, number>;
}

export function readTable(v: CardWerewolfView): Reading {
  const hate: Record<PlayerId, number> = {};
  const focus: Record<PlayerId, number> = {};
  for (const p of v.players) [hate[p], focus[p]] = [0, W.wolfFocus];
  if (isWolfSide(v)) {
    for (const p of v.players) hate[p] = v.wolves.includes(p) ? -20 : 5;
  } else {
    const good = new Set<PlayerId>();
    const bad = new Set<PlayerId>();
    const basic = v.config?.angel === "none" && !v.config.traitor;
    for (const r of v.seerResults) {
      hate[r.target] += r.seen === "werewolf" ? 10 : -5;
      // In the advanced game the Seer sees an Identity token, which the Angel and the Traitor bend (CW-R42, CW-R44).
      if (basic) (r.seen === "werewolf" ? bad : good).add(r.target);
    }
    const a = v.angelKnows;
    if (a) {
      const wolf = a.team !== null || a.role === "werewolf" || a.role === "traitor";
      hate[a.player] += wolf ? 10 : -5;
      (wolf ? bad : good).add(a.player);
    }
    for (const n of v.nights) {
      if (!n.died) continue;
      hate[n.died] += W.nightVictim;
      good.add(n.died);
    }
    // Who piles Votes on me or on players known good is suspect; on players shown bad, trusted.
    const known = { ...hate };
    for (const [by, to] of Object.entries(v.given)) {
      for (const [t, n] of Object.entries(to)) {
        if (t === v.me) hate[by] += n * W.onMe;
        else if (known[t] < 0) hate[by] += n * W.onGood;
        else if (known[t] >= 10) hate[by] -= n / 2;
      }
    }
    const odds = wolfOdds(v, good, bad);
    for (const p of v.players) {
      hate[p] += W.oddsHate * (odds?.[p] ?? 0);
      focus[p] = W.villageFocus * (odds ? Math.min(2, W.oddsFocus * odds[p]) : 1);
    }
  }
  hate[v.me] = -100;
  return { hate, focus };
}

function playScore(v: CardWerewolfView, r: Reading, kind: CardKind, t: PlayerId): number {
  const hate = r.hate[t];
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
      // Votes: on the most hated, then on a pile worth joining (focus).
      return hate < -50 ? -50 + CARDS[kind].votes : 8 + hate + r.focus[t] * (v.votes[t] ?? 0) + CARDS[kind].votes / 10;
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
  const r = readTable(v);
  const h = r.hate;
  switch (l.type) {
    case "play": {
      const kindOf = (id: number) => v.hand.find((c) => c.id === id)?.kind ?? "vote";
      const opts = l.plays!.flatMap((o) => (o.targets.length > 0 ? o.targets.map((t) => ({ card: o.card, target: t as PlayerId | undefined })) : [{ card: o.card, target: undefined }]));
      const o = best(rng, opts, (x) => (x.target === undefined ? 0 : playScore(v, r, kindOf(x.card), x.target)));
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
