// The wire auditor for the Werewolf card game (issue 26, section 11 of the rules): what one
// player's browser received before the end, against what the rules let that player know. Roles
// come from the results board (every role is public at the end).
import { scanWire, walk, type WireLog } from "./wire-audit";

interface CwViewLike {
  me: string;
  phase: string;
  role: string | null;
  config: { angel: string; traitor: boolean } | null;
  wolves: string[];
  traitor: string | null;
  angelKnows: { player: string; role: string | null; team: string | null } | null;
  alive: Record<string, boolean>;
  seerResults: { target: string; seen: string }[];
  gm: string | null;
  deadRoles: Record<string, string>;
  roles: unknown;
}

const wolfSide = (r: string | undefined) => r === "werewolf" || r === "traitor";
/** CW-R40, CW-R42, CW-R44: the Identity token a viewed role hands over in the advanced game. */
const token = (r: string) => (r === "werewolf" || r === "angel" ? "werewolf" : "villager");
/** Parts of the stored state no seat may ever read: the deck (the Howling Wolf's place, the next cards), every hand, every Night card. */
const STATE_KEYS = /\.(deck|hands|night|rng|box|pointed|howler)$/;

/** Violations for one player (empty = clean); `roles` is every seat's role from the results. */
export function auditCardWerewolf(me: string, log: WireLog, roles: Record<string, string>): string[] {
  const problems: string[] = [];
  const myRole = roles[me];
  const others = Object.keys(roles).filter((p) => p !== me);
  return scanWire(me, log, others, problems, (json, where) => {
    if ([...walk(json)].some(([path, v]) => path.endsWith(".type") && v === "game_ended")) return true;
    const view = (json as { view?: CwViewLike }).view;
    if (view && typeof view === "object" && "angelKnows" in view) {
      if (view.phase === "ended") return true;
      if (view.roles) problems.push(`${where}: view.roles before the end`);
      if (view.role !== null && view.role !== myRole) problems.push(`${where}: view.role ${view.role} for a ${myRole}`);
      // CW-R10, CW-R41: the team, to its members only, and right.
      if (view.wolves.length > 0 && !wolfSide(myRole)) problems.push(`${where}: the Werewolves known to a ${myRole}`);
      for (const w of view.wolves) if (!wolfSide(roles[w])) problems.push(`${where}: ${w} (${roles[w]}) listed as a Werewolf`);
      if (view.traitor !== null && roles[view.traitor] !== "traitor") problems.push(`${where}: ${view.traitor} named the Traitor`);
      // CW-R44, CW-R45: the Angel's look, to the Angel only.
      if (view.angelKnows && myRole !== "angel") problems.push(`${where}: the Angel's look for a ${myRole}`);
      if (view.angelKnows?.role && view.angelKnows.role !== roles[view.angelKnows.player]) problems.push(`${where}: the Angel told a wrong role`);
      // CW-R36, CW-R40, CW-P8: the role (basic) or the Identity token (advanced).
      const advanced = view.config !== null && (view.config.angel !== "none" || view.config.traitor);
      for (const r of view.seerResults ?? []) {
        const truth = advanced ? token(roles[r.target]) : roles[r.target];
        if (r.seen !== truth) problems.push(`${where}: the Seer saw ${r.seen} for a ${roles[r.target]}`);
      }
      // CW-R23, CW-R24: later dead players' roles, to the GM only, and only the dead's.
      for (const p of Object.keys(view.deadRoles ?? {})) {
        if (view.gm !== me) problems.push(`${where}: a dead player's role for a non-GM`);
        if (view.alive[p] !== false) problems.push(`${where}: the role of ${p}, alive, in deadRoles`);
      }
    }
    for (const [path, v, parent] of walk(json)) {
      if (STATE_KEYS.test(path) && !path.startsWith("$.view.")) problems.push(`${where}: a state field at ${path}`);
      if (path.endsWith(".audience") && v && typeof v === "object") {
        const a = v as { kind: string; player?: string; team?: string };
        const ok = a.kind === "public" || (a.kind === "player" && a.player === me) || (a.kind === "team" && a.team === "werewolves" && wolfSide(myRole));
        if (!ok) problems.push(`${where}: event for audience ${JSON.stringify(a)} at ${path} (${String(parent?.type)})`);
      }
      // A role beside another player: only the Angel's look (to the Angel) and the GM's record (to the GM).
      if (path.endsWith(".role") && parent && !path.startsWith("$.view.")) {
        const who = (parent.userId ?? parent.player) as string | undefined;
        const allowed = (parent.type === "angel_saw" && myRole === "angel") || parent.type === "dead_role";
        if (who && who !== me && !allowed) problems.push(`${where}: role of ${who} at ${path} (${String(parent.type)})`);
      }
    }
    return false;
  });
}
