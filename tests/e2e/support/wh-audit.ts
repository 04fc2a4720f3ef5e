// The wire auditor for Catch the Witch (issue 25 item 2, WH-R41–R44): what one player's browser
// received before the end, against what the rules let that player know. Roles come from the results
// board (every role is public at the end).
import { scanWire, walk, type WireLog } from "./wire-audit";

interface WhViewLike {
  me: string;
  phase: string;
  role: string | null;
  witches: string[];
  counts: unknown;
  here: string[];
  roles: unknown;
  seerResults: Record<string, boolean>;
  form: Record<string, string>;
}

/** Violations for one player (empty = clean); `roles` is every seat's role from the results. */
export function auditWitchHunt(me: string, log: WireLog, roles: Record<string, string>): string[] {
  const problems: string[] = [];
  const myRole = roles[me];
  const witchSide = myRole === "witch" || myRole === "crow";
  const others = Object.keys(roles).filter((p) => p !== me);
  // An expelled witch or Crow no longer reads the team's events (docs/witch-hunt.md).
  let expelled = false;
  return scanWire(me, log, others, problems, (json, where) => {
    if ([...walk(json)].some(([path, v]) => path.endsWith(".type") && v === "game_ended")) return true;
    const view = (json as { view?: WhViewLike }).view;
    if (view && typeof view === "object" && "witches" in view) {
      if (view.phase === "ended") return true;
      expelled = view.form?.[me] === "expelled";
      if (view.roles) problems.push(`${where}: view.roles before the end`);
      if (view.role !== null && view.role !== myRole) problems.push(`${where}: view.role ${view.role} for a ${myRole}`);
      if (view.witches.length > 0 && !witchSide) problems.push(`${where}: the witches known to a ${myRole} (WH-P5, WH-P6)`);
      for (const w of view.witches) if (roles[w] !== "witch") problems.push(`${where}: ${w} listed as a witch`);
      if (view.counts && myRole !== "witch" && myRole !== "guard") problems.push(`${where}: counts for a ${myRole} (WH-R42)`);
      if (view.here.length > 0 && myRole !== "witch") problems.push(`${where}: names at a location for a ${myRole} (WH-P5)`);
      if (Object.keys(view.seerResults ?? {}).length > 0 && myRole !== "seer") problems.push(`${where}: seer results for a ${myRole}`);
    }
    for (const [path, v, parent] of walk(json)) {
      if (path.endsWith(".audience") && v && typeof v === "object") {
        const a = v as { kind: string; player?: string; team?: string };
        const ok =
          a.kind === "public" ||
          (a.kind === "player" && a.player === me) ||
          (a.kind === "team" && !expelled && ((a.team === "witches" && witchSide) || (a.team === "coven" && myRole === "witch")));
        if (!ok) problems.push(`${where}: event for audience ${JSON.stringify(a)} at ${path} (${String(parent?.type)})`);
      }
      if (path.endsWith(".role") && parent) {
        const who = (parent.userId ?? parent.player) as string | undefined;
        if (who && who !== me) problems.push(`${where}: role of ${who} at ${path}`);
      }
      if (path.endsWith(".type") && v === "vote_result" && parent?.expelled === me) expelled = true;
    }
    return false;
  });
}
