// A seat's view: the fold of the events it may read (GameMode.viewFor = foldView). Each event
// changes only the fields it speaks about; nothing here reads the state.
import type { GameEvent, PlayerId } from "../core/types";
import { CARDS } from "./tables";
import type { Card, CardWerewolfConfig, ChatChannel, CardWerewolfView, Moon, NightCard, Phase, Role, SeerResult, Winner } from "./types";

export function initialView(me: PlayerId, players: PlayerId[]): CardWerewolfView {
  const alive: Record<PlayerId, boolean> = {};
  for (const p of players) alive[p] = true;
  return {
    me,
    players: [...players],
    role: null,
    config: null,
    wolves: [],
    traitor: null,
    angelKnows: null,
    caller: null,
    phase: "identify",
    day: 0,
    deadline: null,
    turn: null,
    seer: null,
    alive,
    hand: [],
    front: {},
    votes: {},
    given: {},
    discard: [],
    boxed: 0,
    moons: {},
    cursed: [],
    banned: [],
    howled: false,
    seerResults: [],
    nightCard: null,
    nights: [],
    gm: null,
    deadRoles: {},
    winner: null,
    endReason: null,
    roles: null,
    chat: [],
  };
}

const str = (e: GameEvent, k: string) => e[k] as string;
const card = (e: GameEvent) => e.card as Card;

/** A card played with effect: in front of its target (sun/moon), boxed (Seer) or discarded. */
function played(v: CardWerewolfView, e: GameEvent): CardWerewolfView {
  const c = card(e);
  const target = str(e, "target");
  const hand = e.player === v.me ? v.hand.filter((x) => x.id !== c.id) : v.hand;
  if (typeof e.votes === "number") {
    const by = str(e, "player");
    const mine = { ...(v.given[by] ?? {}) };
    mine[target] = (mine[target] ?? 0) + CARDS[c.kind].votes;
    const given = { ...v.given, [by]: mine };
    const banned = c.kind === "ban" ? [...v.banned, target] : v.banned;
    return { ...v, hand, banned, given, front: { ...v.front, [target]: [...(v.front[target] ?? []), c] }, votes: { ...v.votes, [target]: e.votes } };
  }
  if (c.kind === "seer") return { ...v, hand, boxed: v.boxed + 1 };
  const cursed = c.kind === "curse" ? v.players.filter((p) => p === target || v.cursed.includes(p)) : v.cursed;
  return { ...v, hand, cursed, discard: [...v.discard, c] };
}

/**
 * What the seat may read changes at the end (everything) and when it becomes the GM (later roles):
 * a client folding events in arrival order reads the whole view again when it changes
 * (lib/realtime/view-sync.ts).
 */
export const viewerAccess = (v: CardWerewolfView): string => `${v.phase === "ended"}:${v.role}:${v.gm === v.me}`;

export function applyEvent(v: CardWerewolfView, e: GameEvent): CardWerewolfView {
  // After the end every event is readable; another seat's private events (their hand, their Night
  // card) must not be folded into this seat's own fields. The end event reveals the roles.
  if (e.audience.kind === "player" && e.audience.player !== v.me) return v;
  switch (e.type) {
    case "game_started":
      return { ...v, config: e.config as CardWerewolfConfig };
    case "role":
      return { ...v, role: e.role as Role };
    case "wolves_known":
      return { ...v, wolves: e.wolves as PlayerId[], traitor: e.traitor as PlayerId | null };
    case "caller":
      return { ...v, caller: str(e, "player") };
    case "angel_saw":
      return { ...v, angelKnows: { player: str(e, "player"), role: (e.role as Role | undefined) ?? null, team: e.team === "werewolves" ? "werewolves" : null } };
    case "phase":
      return { ...v, phase: e.phase as Phase, day: e.day as number, deadline: e.deadline as number | null, turn: e.turn as PlayerId | null, seer: e.seer as PlayerId | null };
    case "day_started": {
      const front: Record<PlayerId, Card[]> = {};
      for (const p of v.players) front[p] = [];
      return { ...v, day: e.day as number, votes: e.votes as Record<PlayerId, number>, front, hand: [], discard: [], banned: [], howled: false, nightCard: null };
    }
    case "dealt":
      return { ...v, hand: e.cards as Card[] };
    case "drew":
      return { ...v, hand: [...v.hand, card(e)] };
    case "played":
      return played(v, e);
    case "cancelled":
      return { ...v, hand: e.player === v.me ? v.hand.filter((x) => x.id !== card(e).id) : v.hand, discard: [...v.discard, card(e)] };
    case "skipped":
      return { ...v, banned: v.banned.filter((p) => p !== e.player) };
    case "viewed":
      return { ...v, moons: { ...v.moons, [str(e, "target")]: "crescent" as Moon, [str(e, "viewer")]: "full" as Moon } };
    case "seer_result":
      return { ...v, seerResults: [...v.seerResults, { day: e.day as number, target: str(e, "target"), seen: e.seen as SeerResult["seen"] }] };
    case "howled":
      return { ...v, howled: true };
    case "night_card":
      return { ...v, nightCard: e.card as NightCard };
    case "night_result":
      return { ...v, nights: [...v.nights, { day: e.day as number, died: e.died as PlayerId | null }] };
    case "died":
      return { ...v, alive: { ...v.alive, [str(e, "player")]: false } };
    case "gm":
      return { ...v, gm: str(e, "player") };
    case "dead_role":
      return { ...v, deadRoles: { ...v.deadRoles, [str(e, "player")]: e.role as Role } };
    case "game_ended":
      return { ...v, phase: "ended", deadline: null, turn: null, seer: null, winner: e.winner as Winner | null, endReason: str(e, "reason"), roles: e.roles as Record<PlayerId, Role> };
    case "chat":
      return { ...v, chat: [...v.chat, { day: e.day as number, channel: e.channel as ChatChannel, from: str(e, "from"), text: str(e, "text"), at: e.at }] };
    default:
      return v;
  }
}
