// A bot player: picks one action from its own view (what that seat may know), never from the game
// state. Used by the simulator, the engine benchmark and filler seats in rooms. Pure: randomness
// comes from the RNG state passed in, which it advances; the optional memory only caches what the
// bot already worked out from this seat's earlier views (a fresh memory gives the same choice).
import { chance, nextInt, pick, type RngState } from "../core/rng";
import type { PlayerId } from "../core/types";
import type { ChatLine, DeathRecord, LegalAction, PhaseId, RoleId, TallyRecord, WerewolfAction, WerewolfView } from "./types";

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

/**
 * What one seat has read so far, kept between its decisions so a bot does not re-read the whole
 * chat with regexes on every step. Everything in it is derived from this seat's own views; it is
 * rebuilt from scratch whenever the view's lists are not a continuation of what it read.
 */
export interface BotMemory {
  me: PlayerId | null;
  /** Day lines read, and the last line read (chat lists only grow while the reader's rights stay). */
  read: number;
  last: ChatLine | null;
  /** Suspicion from chat: seer claims (+5 wolf / −3 village) and accusations (+1), others' lines. */
  talk: Map<PlayerId, number>;
  /** Players who claimed to be the Seer in day chat (any author, me included). */
  claimed: Set<PlayerId>;
  /** Suspicion from votes against players revealed as village, for these tallies and deaths. */
  tallies: readonly TallyRecord[] | null;
  deaths: readonly DeathRecord[] | null;
  votes: Map<PlayerId, number>;
  /** Each player's side as this seat knows it (`known`), for these roles and Seer results. */
  sidesOf: BotView["roles"] | null;
  sidesSeen: BotView["seerResults"] | null;
  sides: Map<PlayerId, number>;
}

export const botMemory = (): BotMemory => ({
  me: null,
  read: 0,
  last: null,
  talk: new Map(),
  claimed: new Set(),
  tallies: null,
  deaths: null,
  votes: NO_VOTES,
  sidesOf: null,
  sidesSeen: null,
  sides: new Map(),
});

function legalOf(view: BotView, type: LegalAction["type"]): LegalAction | undefined {
  for (const l of view.legal) if (l.type === type) return l;
  return undefined;
}

function targetsOf(view: BotView, type: LegalAction["type"]): readonly PlayerId[] {
  return legalOf(view, type)?.targets ?? [];
}

/**
 * What this seat believes about each player's side: +1 wolf, -1 village (a known card first, else
 * its first Seer result). Kept in the memory while the view's `roles` and `seerResults` are the same
 * lists (views share them between steps, view.ts): scoring reads it for every candidate, and a
 * lookup by player id in the roles record is a megamorphic keyed load that mostly misses.
 */
function sidesOf(view: BotView, mem: BotMemory): Map<PlayerId, number> {
  if (mem.sidesOf !== view.roles || mem.sidesSeen !== view.seerResults) {
    const sides = new Map<PlayerId, number>();
    for (const r of view.seerResults) if (!sides.has(r.target)) sides.set(r.target, WOLFISH(r.result) ? 1 : -1);
    for (const p in view.roles) sides.set(p, view.roles[p] === "wolf" ? 1 : -1);
    mem.sidesOf = view.roles;
    mem.sidesSeen = view.seerResults;
    mem.sides = sides;
  }
  return mem.sides;
}

/** What this seat believes about a player's side: +1 wolf, -1 village, 0 unknown. */
function known(view: BotView, mem: BotMemory, p: PlayerId): number {
  return sidesOf(view, mem).get(p) ?? 0;
}

const bump = (m: Map<PlayerId, number>, p: PlayerId, n: number) => m.set(p, (m.get(p) ?? 0) + n);

/** What a chat line says to a bot: a seer claim (target, wolfish) and/or an accusation. */
interface Said {
  claim: { target: PlayerId; wolf: boolean } | null;
  accuse: PlayerId | null;
}

/**
 * Parsed lines by text, shared by every seat (each bot reads every day line: parsing once instead
 * of once per reader). Bot lines come from a few templates; the bound keeps arbitrary human chat
 * from growing it.
 */
const SAID = new Map<string, Said>();
const SAID_MAX = 1024;

function said(text: string): Said {
  let x = SAID.get(text);
  if (x === undefined) {
    const claim = CLAIM.exec(text);
    const accuse = ACCUSE.exec(text);
    x = { claim: claim ? { target: claim[1], wolf: WOLFISH(claim[2]) } : null, accuse: accuse ? accuse[1] : null };
    if (SAID.size >= SAID_MAX) SAID.clear();
    SAID.set(text, x);
  }
  return x;
}

/** Reads the day lines this memory has not read yet (from the start if the lists diverged). */
function readChat(view: BotView, mem: BotMemory): void {
  const chat = view.chat;
  if (mem.me !== view.me || chat.length < mem.read || (mem.read > 0 && chat[mem.read - 1] !== mem.last)) {
    mem.me = view.me;
    mem.read = 0;
    mem.last = null;
    mem.talk = new Map();
    mem.claimed = new Set();
    mem.tallies = null;
  }
  for (let i = mem.read; i < chat.length; i++) {
    const line = chat[i];
    if (line.channel !== "day") continue;
    const { claim, accuse } = said(line.text);
    if (claim) mem.claimed.add(line.from);
    if (line.from === view.me) continue;
    if (claim) bump(mem.talk, claim.target, claim.wolf ? 5 : -3);
    if (accuse !== null) bump(mem.talk, accuse, 1);
  }
  mem.read = chat.length;
  mem.last = chat.length > 0 ? chat[chat.length - 1] : null;
}

/** Shared empty vote suspicion (never written: `readVotes` makes a new map for any vote that counts). */
const NO_VOTES: Map<PlayerId, number> = new Map();

/** Votes cast against players later revealed as village (classic reveals cards of the dead). */
function readVotes(view: BotView, mem: BotMemory): void {
  if (mem.tallies === view.tallies && mem.deaths === view.deaths) return;
  mem.tallies = view.tallies;
  mem.deaths = view.deaths;
  // A new map only when a vote counts (never in standard, where no card is revealed before the end).
  let votes: Map<PlayerId, number> | null = null;
  for (const t of view.tallies) {
    const target = t.result;
    if (target === null) continue;
    const revealed = view.roles[target];
    if (revealed === undefined || revealed === "wolf") continue;
    for (const voter in t.votes) if (t.votes[voter] === target) bump((votes ??= new Map()), voter, 1);
  }
  mem.votes = votes ?? NO_VOTES;
}

/**
 * Suspicion of each player from public facts: seer claims and accusations in day chat, and votes
 * cast against players later revealed as village.
 */
function suspicionOf(view: BotView, mem: BotMemory): (p: PlayerId) => number {
  readChat(view, mem);
  readVotes(view, mem);
  const { talk, votes } = mem;
  // Votes only count against revealed cards (classic): in standard the second map stays empty.
  if (votes.size === 0) return (p) => talk.get(p) ?? 0;
  return (p) => (talk.get(p) ?? 0) + (votes.get(p) ?? 0);
}

/** The candidate with the highest score; ties go to the earliest seat (so allies agree). */
function best(candidates: readonly PlayerId[], score: (p: PlayerId, i: number) => number): PlayerId | null {
  let top: PlayerId | null = null;
  let topScore = -Infinity;
  for (let i = 0; i < candidates.length; i++) {
    const s = score(candidates[i], i);
    if (s > topScore) {
      top = candidates[i];
      topScore = s;
    }
  }
  return top;
}

/** Wolves agree: follow the first pick of the night, else the same deterministic choice. */
function bite(view: BotView, mem: BotMemory): WerewolfAction | null {
  const targets = targetsOf(view, "bite");
  if (targets.length === 0) return null;
  for (const p of view.wolfPicks) if (targets.includes(p.target)) return { type: "bite", target: p.target };
  // Dangerous players first (a claimed Seer, a caught Little Girl, accusers), then a seat that
  // rotates with the day so the choice is shared by every wolf without talking.
  const sus = suspicionOf(view, mem);
  const n = targets.length;
  const target = best(targets, (p, i) => (mem.claimed.has(p) ? 100 : 0) + (view.roles[p] === "little_girl" ? 50 : 0) - sus(p) * 0.1 + ((i + view.day) % n) / n);
  return target === null ? null : { type: "bite", target };
}

function inspect(view: BotView, rng: RngState, mem: BotMemory): WerewolfAction | null {
  const targets = targetsOf(view, "inspect");
  if (targets.length === 0) return null;
  const fresh = targets.filter((p) => !view.seerResults.some((r) => r.target === p));
  const sus = suspicionOf(view, mem);
  const top = best(fresh.length > 0 ? fresh : targets, (p) => sus(p) + nextInt(rng, 100) / 100);
  return top === null ? null : { type: "inspect", target: top };
}

/** Varies protection: never the same twice (the engine forbids it), prefers a claimed Seer. */
function protect(view: BotView, rng: RngState, mem: BotMemory): WerewolfAction | null {
  const targets = targetsOf(view, "protect");
  if (targets.length === 0) return null;
  readChat(view, mem);
  const claimed = targets.find((p) => mem.claimed.has(p));
  if (claimed !== undefined && chance(rng, 2, 3)) return { type: "protect", target: claimed };
  return { type: "protect", target: pick(rng, targets) };
}

/** Saves early (whenever it can); poisons the most suspected once there is real suspicion. */
function witch(view: BotView, rng: RngState, mem: BotMemory): WerewolfAction | null {
  if (legalOf(view, "save") && !view.tonight.save) return { type: "save" };
  const poison = targetsOf(view, "poison").filter((p) => p !== view.me);
  if (poison.length > 0 && !view.tonight.poison) {
    const sus = suspicionOf(view, mem);
    const top = best(poison, (p) => known(view, mem, p) * 10 + sus(p));
    if (top !== null && (known(view, mem, top) > 0 || sus(top) >= 3) && chance(rng, 1, 2)) return { type: "poison", target: top };
  }
  return legalOf(view, "skip") ? { type: "skip" } : null;
}

/** Village vote: known wolves first, never a known villager, else suspicion with a little noise. */
function villageChoice(view: BotView, targets: readonly PlayerId[], rng: RngState, mem: BotMemory): PlayerId | null {
  const sus = suspicionOf(view, mem);
  return best(targets, (p) => known(view, mem, p) * 100 + sus(p) + nextInt(rng, 100) / 50);
}

/** Wolves vote together for the village player the others suspect most. */
function wolfChoice(view: BotView, targets: readonly PlayerId[], mem: BotMemory): PlayerId | null {
  const sus = suspicionOf(view, mem);
  const village = targets.filter((p) => !view.wolves.includes(p));
  const pool = village.length > 0 ? village : targets;
  return best(pool, (p, i) => sus(p) - i / pool.length);
}

function choose(view: BotView, type: "vote" | "shoot" | "pass_badge", rng: RngState, mem: BotMemory): WerewolfAction | null {
  const targets = targetsOf(view, type);
  if (targets.length === 0) return null;
  const wolf = view.myRole === "wolf";
  let target: PlayerId | null;
  if (type === "pass_badge") {
    // The badge goes to a trusted player: a fellow wolf, or the least suspected.
    const sus = suspicionOf(view, mem);
    target = best(targets, (p) => (wolf ? known(view, mem, p) : -known(view, mem, p)) * 100 - sus(p) + nextInt(rng, 10) / 10);
  } else target = wolf ? wolfChoice(view, targets, mem) : villageChoice(view, targets, rng, mem);
  return target === null ? null : ({ type, target } as WerewolfAction);
}

/** Whether this seat already spoke in today's discussion (its own lines are in its view). */
function spokeToday(view: BotView): boolean {
  for (let i = view.chat.length - 1; i >= 0; i--) {
    const line = view.chat[i];
    if (line.day !== view.day) return false;
    if (line.channel === "day" && line.from === view.me) return true;
  }
  return false;
}

/**
 * Discussion: say one thing, then declare ready. A Seer who found a living wolf always says so
 * (the village's best information); others accuse their top suspect a quarter of the time.
 */
function dayTalk(view: BotView, rng: RngState, mem: BotMemory): WerewolfAction | null {
  if (!legalOf(view, "ready_to_vote")) return null; // already ready: nothing more to say
  if (legalOf(view, "chat") && !spokeToday(view)) {
    if (view.myRole === "seer") {
      const found = view.seerResults.find((r) => WOLFISH(r.result) && view.alive[r.target]);
      if (found) return { type: "chat", channel: "day", text: claimText(found.target, found.result) };
    }
    if (chance(rng, 1, 4)) {
      const living = view.players.filter((p) => view.alive[p] && p !== view.me && !view.wolves.includes(p));
      if (living.length > 0) {
        const sus = suspicionOf(view, mem);
        const target = best(living, (p) => known(view, mem, p) * 100 + sus(p) + nextInt(rng, 100) / 25);
        if (target !== null) return { type: "chat", channel: "day", text: accuseText(target) };
      }
    }
  }
  return { type: "ready_to_vote" };
}

function has(legal: readonly LegalAction[], type: LegalAction["type"]): boolean {
  for (const l of legal) if (l.type === type) return true;
  return false;
}

/**
 * Whether this bot passes (`chooseAction` returns null) knowing only the step, its own card and its
 * legal list — facts every seat's view holds — without reading anything else or drawing from the
 * RNG. `chooseAction` begins with this test, so a bot table may skip building the view of a seat
 * for which it holds without changing any choice.
 */
export function botPasses(phase: PhaseId, myRole: RoleId | null, legal: readonly LegalAction[]): boolean {
  if (legal.length === 0) return true;
  switch (phase) {
    case "night.main":
      if (myRole === "wolf") return !has(legal, "bite");
      return myRole !== "seer" && myRole !== "guard" && !(myRole === "little_girl" && has(legal, "peek"));
    case "night.witch":
      return myRole !== "witch";
    case "day":
      return !has(legal, "ready_to_vote"); // already ready: nothing more to say
    default:
      return false;
  }
}

/** One action for this seat now, or null when it has nothing (more) to do. */
export function chooseAction(view: BotView, rng: RngState, mem: BotMemory = botMemory()): WerewolfAction | null {
  if (view.ended || botPasses(view.phase, view.myRole, view.legal)) return null;
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
        // A word to the pack now and then, only while the bite is still to be made.
        if (!legalOf(view, "bite")) return null;
        if (legalOf(view, "chat") && chance(rng, 1, 8)) return { type: "chat", channel: "wolves", text: "Who tonight?" };
        return bite(view, mem);
      }
      if (view.myRole === "seer") return inspect(view, rng, mem);
      if (view.myRole === "guard") return protect(view, rng, mem);
      if (view.myRole === "little_girl" && legalOf(view, "peek")) return chance(rng, 1, 3) ? { type: "peek" } : { type: "skip" };
      return null;
    }
    case "night.witch":
      return view.myRole === "witch" ? witch(view, rng, mem) : null;
    case "hunter":
      return choose(view, "shoot", rng, mem) ?? (legalOf(view, "skip") ? { type: "skip" } : null);
    case "day":
      return dayTalk(view, rng, mem);
    case "sheriff.election":
    case "vote":
      return choose(view, "vote", rng, mem);
    case "sheriff.succession":
      return choose(view, "pass_badge", rng, mem);
    default:
      return null;
  }
}
