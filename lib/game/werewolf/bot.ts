// A bot player: picks one action from its own view (what that seat may know), never from the game
// state. Used by the simulator, the engine benchmark and (later) filler seats. Pure: randomness
// comes from the RNG state passed in, which it advances.
import { chance, nextInt, pick, type RngState } from "../core/rng";
import type { PlayerId } from "../core/types";
import type { LegalAction, WerewolfAction, WerewolfView } from "./types";

/**
 * Only the view: `WerewolfState` lacks `me`, `legal` and `seerResults`, so a state cannot be passed
 * here by mistake (bot.test.ts checks this with @ts-expect-error).
 */
export type BotView = Readonly<WerewolfView>;

/** Chat lines bots write and read: a seer's claim and an accusation. */
export const claimText = (target: PlayerId, result: string) => `I am the Seer: ${target} is ${result === "village" ? "village" : `a ${result}`}.`;
export const accuseText = (target: PlayerId) => `I suspect ${target}.`;
const CLAIM = /^I am the Seer: (\S+) is (?:a |)(\S+)\.$/;
const ACCUSE = /^I suspect (\S+)\.$/;

const WOLFISH = (result: string) => result === "wolf";

function legalOf(view: BotView, type: LegalAction["type"]): LegalAction | undefined {
  return view.legal.find((l) => l.type === type);
}

/** What this seat believes about each player's side: +1 wolf, -1 village, 0 unknown. */
function knownSides(view: BotView): Map<PlayerId, number> {
  const known = new Map<PlayerId, number>();
  for (const [p, role] of Object.entries(view.roles)) known.set(p, role === "wolf" ? 1 : -1);
  for (const r of view.seerResults) known.set(r.target, WOLFISH(r.result) ? 1 : -1);
  return known;
}

/**
 * Suspicion of each player from public facts: seer claims and accusations in day chat, and votes
 * cast against players later revealed as village (classic reveals cards of the dead).
 */
function suspicion(view: BotView): Map<PlayerId, number> {
  const score = new Map<PlayerId, number>();
  const add = (p: PlayerId, n: number) => score.set(p, (score.get(p) ?? 0) + n);
  for (const line of view.chat) {
    if (line.channel !== "day" || line.from === view.me) continue;
    const claim = CLAIM.exec(line.text);
    if (claim) add(claim[1], WOLFISH(claim[2]) ? 5 : -3);
    const accuse = ACCUSE.exec(line.text);
    if (accuse) add(accuse[1], 1);
  }
  for (const t of view.tallies) {
    for (const [voter, target] of Object.entries(t.votes)) {
      const revealed = view.roles[target];
      if (revealed !== undefined && revealed !== "wolf" && t.result === target) add(voter, 1);
    }
  }
  return score;
}

/** The candidate with the highest score; ties go to the earliest seat (so allies agree). */
function best(candidates: readonly PlayerId[], score: (p: PlayerId) => number): PlayerId | null {
  let top: PlayerId | null = null;
  let topScore = -Infinity;
  for (const p of candidates) {
    const s = score(p);
    if (s > topScore) {
      top = p;
      topScore = s;
    }
  }
  return top;
}

function targetsOf(view: BotView, type: LegalAction["type"]): PlayerId[] {
  return legalOf(view, type)?.targets ?? [];
}

/** Wolves agree: follow the first pick of the night, else the same deterministic choice. */
function bite(view: BotView): WerewolfAction | null {
  const targets = targetsOf(view, "bite");
  if (targets.length === 0) return null;
  const first = view.wolfPicks.find((p) => targets.includes(p.target));
  if (first) return { type: "bite", target: first.target };
  // Dangerous players first (a claimed Seer, a caught Little Girl, accusers), then a seat that
  // rotates with the day so the choice is shared by every wolf without talking.
  const claimed = new Set<PlayerId>();
  for (const line of view.chat) if (line.channel === "day" && CLAIM.test(line.text)) claimed.add(line.from);
  const sus = suspicion(view);
  const target = best(targets, (p) => (claimed.has(p) ? 100 : 0) + (view.roles[p] === "little_girl" ? 50 : 0) - (sus.get(p) ?? 0) * 0.1 + ((targets.indexOf(p) + view.day) % targets.length) / targets.length);
  return target === null ? null : { type: "bite", target };
}

function inspect(view: BotView, rng: RngState): WerewolfAction | null {
  const targets = targetsOf(view, "inspect");
  if (targets.length === 0) return null;
  const seen = new Set(view.seerResults.map((r) => r.target));
  const fresh = targets.filter((p) => !seen.has(p));
  const sus = suspicion(view);
  const pool = fresh.length > 0 ? fresh : targets;
  const top = best(pool, (p) => (sus.get(p) ?? 0) + nextInt(rng, 100) / 100);
  return top === null ? null : { type: "inspect", target: top };
}

/** Varies protection: never the same twice (the engine forbids it), prefers a claimed Seer. */
function protect(view: BotView, rng: RngState): WerewolfAction | null {
  const targets = targetsOf(view, "protect");
  if (targets.length === 0) return null;
  const claimed = view.chat.find((l) => l.channel === "day" && CLAIM.test(l.text) && targets.includes(l.from));
  if (claimed && chance(rng, 2, 3)) return { type: "protect", target: claimed.from };
  return { type: "protect", target: pick(rng, targets) };
}

/** Saves early (whenever it can); poisons the most suspected once there is real suspicion. */
function witch(view: BotView, rng: RngState): WerewolfAction | null {
  if (legalOf(view, "save") && !view.tonight.save) return { type: "save" };
  const poison = targetsOf(view, "poison").filter((p) => p !== view.me);
  if (poison.length > 0 && !view.tonight.poison) {
    const known = knownSides(view);
    const sus = suspicion(view);
    const top = best(poison, (p) => (known.get(p) ?? 0) * 10 + (sus.get(p) ?? 0));
    if (top !== null && (sus.get(top) ?? 0) >= 3 && chance(rng, 1, 2)) return { type: "poison", target: top };
  }
  return legalOf(view, "skip") ? { type: "skip" } : null;
}

/** Village vote: known wolves first, never a known villager, else suspicion with a little noise. */
function villageChoice(view: BotView, targets: readonly PlayerId[], rng: RngState): PlayerId | null {
  const known = knownSides(view);
  const sus = suspicion(view);
  return best(targets, (p) => (known.get(p) ?? 0) * 100 + (sus.get(p) ?? 0) + nextInt(rng, 100) / 50);
}

/** Wolves vote together for the village player the others suspect most. */
function wolfChoice(view: BotView, targets: readonly PlayerId[]): PlayerId | null {
  const sus = suspicion(view);
  const village = targets.filter((p) => !view.wolves.includes(p));
  return best(village.length > 0 ? village : targets, (p) => (sus.get(p) ?? 0) - targets.indexOf(p) / targets.length);
}

function choose(view: BotView, type: "vote" | "shoot" | "pass_badge", rng: RngState): WerewolfAction | null {
  const targets = targetsOf(view, type);
  if (targets.length === 0) return null;
  const wolf = view.myRole === "wolf";
  let target: PlayerId | null;
  if (type === "pass_badge") {
    // The badge goes to a trusted player: a fellow wolf, or the least suspected.
    const known = knownSides(view);
    target = best(targets, (p) => (wolf ? (known.get(p) ?? 0) : -(known.get(p) ?? 0)) * 100 - (suspicion(view).get(p) ?? 0) + nextInt(rng, 10) / 10);
  } else target = wolf ? wolfChoice(view, targets) : villageChoice(view, targets, rng);
  return target === null ? null : { type, target } as WerewolfAction;
}

function dayTalk(view: BotView, rng: RngState): WerewolfAction | null {
  if (!legalOf(view, "chat") || !chance(rng, 1, 4)) return null;
  if (view.myRole === "seer") {
    const found = view.seerResults.find((r) => WOLFISH(r.result) && view.alive[r.target]);
    if (found) return { type: "chat", channel: "day", text: claimText(found.target, found.result) };
  }
  const living = view.players.filter((p) => view.alive[p] && p !== view.me && !view.wolves.includes(p));
  if (living.length === 0) return null;
  return { type: "chat", channel: "day", text: accuseText(pick(rng, living)) };
}

/** One action for this seat now, or null when it has nothing (more) to do. */
export function chooseAction(view: BotView, rng: RngState): WerewolfAction | null {
  if (view.ended || view.legal.length === 0) return null;
  switch (view.phase) {
    case "night.thief": {
      const cards = view.thiefCards ?? [];
      // Any power beats a plain Villager; two Wolves (forced) → the first.
      const i = cards.findIndex((c) => c !== "villager");
      if (legalOf(view, "steal") && i >= 0) return { type: "steal", card: i === 0 ? 0 : 1 };
      return legalOf(view, "skip") ? { type: "skip" } : null;
    }
    case "night.cupid": {
      const targets = targetsOf(view, "link");
      if (targets.length < 2) return null;
      const a = chance(rng, 1, 2) && targets.includes(view.me) ? view.me : pick(rng, targets);
      const b = pick(rng, targets.filter((p) => p !== a));
      return { type: "link", targets: [a, b] };
    }
    case "night.main": {
      if (view.myRole === "wolf") {
        if (legalOf(view, "chat") && chance(rng, 1, 8)) return { type: "chat", channel: "wolves", text: "Who tonight?" };
        return bite(view);
      }
      if (view.myRole === "seer") return inspect(view, rng);
      if (view.myRole === "guard") return protect(view, rng);
      if (view.myRole === "little_girl" && legalOf(view, "peek")) return chance(rng, 1, 3) ? { type: "peek" } : { type: "skip" };
      return null;
    }
    case "night.witch":
      return view.myRole === "witch" ? witch(view, rng) : null;
    case "hunter":
      return choose(view, "shoot", rng) ?? (legalOf(view, "skip") ? { type: "skip" } : null);
    case "day":
      return dayTalk(view, rng) ?? (legalOf(view, "ready_to_vote") ? { type: "ready_to_vote" } : null);
    case "sheriff.election":
    case "vote":
      return choose(view, "vote", rng);
    case "sheriff.succession":
      return choose(view, "pass_badge", rng);
    default:
      return null;
  }
}
