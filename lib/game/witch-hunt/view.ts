// A seat's view: the fold of the events it may read (GameMode.viewFor = foldView). Each event
// changes only the fields it speaks about; nothing here reads the state.
import type { GameEvent, PlayerId } from "../core/types";
import { addCard } from "./daytime-end";
import { unlockedBy } from "./tables";
import type { BallotRecord, ChatChannel, Form, Ingredient, Location, Phase, RitualItem, Role, Spell, Unlock, Winner, WitchHuntView, YesNoRecord } from "./types";

export function initialView(me: PlayerId, players: PlayerId[]): WitchHuntView {
  const form: Record<PlayerId, Form> = {};
  for (const p of players) form[p] = "human";
  return {
    me,
    players: [...players],
    role: null,
    witches: [],
    phase: "start",
    day: 0,
    deadline: null,
    timed: false,
    open: [],
    required: [],
    form,
    absent: [],
    done: [],
    hand: [],
    crowSpoiled: false,
    myPick: null,
    heal: null,
    guarding: false,
    counts: null,
    myLocation: null,
    here: [],
    witchAt: {},
    casts: [],
    hexUsed: 0,
    seals: 0,
    failedRituals: 0,
    curse: 0,
    unlocked: [],
    chief: null,
    proposal: null,
    yesnoResults: [],
    myYes: null,
    myVote: undefined,
    myPut: null,
    seerUsed: false,
    stealUsed: false,
    yesnoOpened: false,
    ballots: [],
    ritualResults: [],
    seerResults: {},
    stolen: 0,
    frogNews: [],
    chat: [],
    winner: null,
    endReason: null,
    roles: null,
    score: null,
  };
}

const str = (e: GameEvent, k: string) => e[k] as string;
const list = <T>(e: GameEvent, k: string) => e[k] as T[];
const without = (hand: Ingredient[], i: number) => [...hand.slice(0, i), ...hand.slice(i + 1)];

function withForms(v: WitchHuntView, ps: PlayerId[], f: Form): Record<PlayerId, Form> {
  const form = { ...v.form };
  for (const p of ps) form[p] = f;
  return form;
}

/** A new day clears the day's own facts (R15, R34). */
function newDay(v: WitchHuntView, e: GameEvent): WitchHuntView {
  return { ...v, day: e.day as number, required: list(e, "required"), curse: 0, myPick: null, heal: null, guarding: false, counts: null, myLocation: null, here: [], witchAt: {}, casts: [], hexUsed: 0, chief: null, proposal: null, myYes: null, myVote: undefined, myPut: null, seerUsed: false, stealUsed: false, yesnoOpened: false };
}

/**
 * What the seat may read changes at the end (everything) and when it is expelled (no team events):
 * a client folding events in arrival order reads the whole view again when it changes
 * (lib/realtime/view-sync.ts).
 */
export const viewerAccess = (v: WitchHuntView): string => `${v.phase === "ended"}:${v.role}:${v.form[v.me] === "expelled"}`;

export function applyEvent(v: WitchHuntView, e: GameEvent): WitchHuntView {
  // After the end every event is readable (S-END-1); another seat's private events (their card,
  // their pick) must not be folded into this seat's own fields. The end event reveals the roles.
  if (e.audience.kind === "player" && e.audience.player !== v.me) return v;
  switch (e.type) {
    case "game_started":
      return { ...v, timed: e.timed as boolean, open: list<Location>(e, "open") };
    case "role": {
      const role = e.role as Role;
      return { ...v, role, crowSpoiled: role === "crow" };
    }
    case "witches_known":
      return { ...v, witches: list(e, "witches") };
    case "phase":
      return { ...v, phase: e.phase as Phase, day: e.day as number, deadline: e.deadline as number | null, done: [], yesnoOpened: v.yesnoOpened || e.phase === "yesno" };
    case "confirmed":
      return { ...v, done: [...v.done, str(e, "player")] };
    case "absent":
      return { ...v, absent: [...v.absent, str(e, "player")] };
    case "present":
      return { ...v, absent: v.absent.filter((p) => p !== e.player) };
    case "morning":
      return newDay(v, e);
    case "picked":
      return { ...v, myPick: e.location as Location };
    case "heal_chosen":
      return { ...v, heal: str(e, "target") };
    case "guarding":
      return { ...v, guarding: true, myPick: null };
    case "guard_counts":
    case "witch_counts":
      return { ...v, counts: e.counts as WitchHuntView["counts"] };
    case "guard_at":
      return { ...v, myPick: e.location as Location };
    case "witch_here":
      return { ...v, myLocation: e.location as Location, here: list(e, "names") };
    case "witch_went":
      return { ...v, witchAt: { ...v.witchAt, [str(e, "witch")]: e.location as Location } };
    case "cast": {
      const casts = [...v.casts, { witch: str(e, "witch"), spell: e.spell as Spell, target: e.target as PlayerId | null }];
      return { ...v, casts, hexUsed: e.spell === "frog_hex" ? v.hexUsed + 1 : v.hexUsed };
    }
    case "evening_news": {
      const frogged = list<PlayerId>(e, "frogged");
      const restored = list<PlayerId>(e, "restored");
      const form = withForms({ ...v, form: withForms(v, frogged, "frog") }, restored, "human");
      return { ...v, form, frogNews: [...v.frogNews, { day: e.day as number, frogged, restored }] };
    }
    case "gathered":
      return { ...v, hand: addCard(v.hand, e.card as Ingredient) };
    case "seer_result":
      return { ...v, seerUsed: true, seerResults: { ...v.seerResults, [str(e, "target")]: e.witch as boolean } };
    case "stole":
      return { ...v, stealUsed: true, hand: addCard(v.hand, e.card as Ingredient) };
    case "robbed":
      return { ...v, hand: without(v.hand, e.index as number), stolen: v.stolen + 1 };
    case "chief":
      return { ...v, chief: str(e, "chief"), proposal: null, myYes: null };
    case "proposed":
      return { ...v, proposal: list(e, "members") };
    case "approved":
      return { ...v, myYes: e.yes as boolean };
    case "yesno_result": {
      const r: YesNoRecord = { day: e.day as number, chief: str(e, "chief"), members: list(e, "members"), yes: list(e, "yes"), no: list(e, "no"), passed: e.passed as boolean };
      return { ...v, yesnoResults: [...v.yesnoResults, r], curse: e.curse as number, myYes: null };
    }
    case "put":
      return { ...putInto(v, e.item as RitualItem), myPut: e.item as RitualItem };
    case "ritual_auto_failed":
      return { ...v, ritualResults: [...v.ritualResults, { day: e.day as number, success: null }] };
    case "ritual_result":
      return { ...v, seals: e.seals as number, failedRituals: e.failedRituals as number, unlocked: unlockedBy(e.failedRituals as number), ritualResults: [...v.ritualResults, { day: e.day as number, success: e.success as boolean }] };
    case "spell_unlocked":
      return v.unlocked.includes(e.spell as Unlock) ? v : { ...v, unlocked: [...v.unlocked, e.spell as Unlock] };
    case "voted":
      return { ...v, myVote: e.target as PlayerId | null };
    case "vote_result": {
      const expelled = e.expelled as PlayerId | null;
      const b: BallotRecord = { day: e.day as number, ballot: e.ballot as BallotRecord["ballot"], expelled };
      const mine = expelled === v.me ? [] : v.hand;
      return { ...v, ballots: [...v.ballots, b], form: expelled ? withForms(v, [expelled], "expelled") : v.form, hand: mine, myVote: undefined };
    }
    case "chat":
      return { ...v, chat: [...v.chat, { day: e.day as number, channel: e.channel as ChatChannel, from: str(e, "from"), text: str(e, "text"), at: e.at }] };
    case "game_ended":
      return { ...v, phase: "ended", deadline: null, winner: e.winner as Winner | null, endReason: str(e, "reason"), roles: e.roles as Record<PlayerId, Role>, score: e.score as number };
    default:
      return v;
  }
}

function putInto(v: WitchHuntView, item: RitualItem): WitchHuntView {
  if (item === "spoiled") return v.role === "crow" ? { ...v, crowSpoiled: false } : v;
  if (item === "nothing") return v;
  return { ...v, hand: without(v.hand, v.hand.indexOf(item)) };
}
