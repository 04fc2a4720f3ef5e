// Records every byte a browser context receives from the app: HTTP response bodies (HTML, JSON)
// and every Server-Sent Event, via the Chrome DevTools Protocol — the network as the player's
// own browser saw it. The audit then checks nothing reached a player that the rules hide.
import type { BrowserContext, Page } from "@playwright/test";

export interface WireRecord {
  kind: "http" | "sse";
  /** The URL for HTTP, the event name for SSE. */
  url: string;
  body: string;
  at: number;
}

export interface WireLog {
  records: WireRecord[];
}

export async function recordWire(context: BrowserContext, page: Page): Promise<WireLog> {
  const log: WireLog = { records: [] };
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  cdp.on("Network.eventSourceMessageReceived", (e: { data: string; eventName: string }) => {
    log.records.push({ kind: "sse", url: e.eventName, body: e.data, at: Date.now() });
  });
  page.on("response", async (res) => {
    const url = res.url();
    const type = res.headers()["content-type"] ?? "";
    if (type.includes("text/event-stream")) return;
    if (!type.includes("json") && !type.includes("html") && !type.includes("x-component")) return;
    try {
      log.records.push({ kind: "http", url, body: await res.text(), at: Date.now() });
    } catch {
      // body unavailable (navigated away before it was read): nothing was shown to the player
    }
  });
  return log;
}

/** Ground truth the auditor checks against: every player's role, learned from the results board. */
export interface Truth {
  roles: Record<string, string>;
  /** Classic (C-CUPID-1): the pair Cupid linked, and Cupid, who chose them. */
  lovers?: [string, string];
  cupid?: string;
  /**
   * C-GIRL-1: a Little Girl caught peeking, and the wolves told (those alive then), who know her
   * from then on, after their own death too (S-DEATH-1).
   */
  girlCaught?: string;
  girlToldTo?: string[];
}

export function* walk(value: unknown, path = "$"): Generator<[string, unknown, Record<string, unknown> | null]> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* walk(value[i], `${path}[${i}]`);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      yield [`${path}.${k}`, v, value as Record<string, unknown>];
      yield* walk(v, `${path}.${k}`);
    }
  }
}

interface ViewLike {
  ruleset: "standard" | "classic";
  me: string;
  ended: boolean;
  alive: Record<string, boolean>;
  roles: Record<string, string>;
  seerResults: { target: string; result: string }[];
  wolfPicks: { by: string }[];
  witchTarget: unknown;
  chat: { channel: string; from: string }[];
  lovers: string[] | null;
  timeline: unknown[];
  deaths: { roles?: Record<string, string> }[];
}

/** The keys of a delivery frame (docs/api.md, "Deliveries"): on the room topic, and on a user topic. */
const FRAME_KEYS = new Set(["events,game,serverNow,step,topic", "events,game,public,serverNow,step,topic"]);
const DELIVERED_KEYS = new Set(["a,e,s", "a,at,e,s"]);

/**
 * Returns a list of violations for one player (empty = clean). Only what arrived before that player
 * first saw the game ended is checked strictly: afterwards everything is public (S-END-1). The
 * stream's deliveries are held to the same rules as the JSON bodies of HTTP responses.
 */
export interface Audience {
  kind: string;
  player?: string;
  team?: string;
}

/** An event's audience at `path` (a walk's entry) must be public, this player, or a team `readsTeam` allows. */
export function audienceProblem(me: string, path: string, v: unknown, readsTeam: (team: string) => boolean, where: string, problems: string[]): void {
  if (!path.endsWith(".audience") || !v || typeof v !== "object") return;
  const a = v as Audience;
  const ok = a.kind === "public" || (a.kind === "player" && a.player === me) || (a.kind === "team" && readsTeam(a.team ?? ""));
  if (!ok) problems.push(`${where}: event for audience ${JSON.stringify(a)} at ${path}`);
}

/**
 * Walks one player's wire log up to the end of the game: SSE frames must be bare signals or
 * deliveries on the player's own topics (a delivery's events are checked as JSON), bodies that are not JSON must not
 * name another player beside a role, and every JSON payload goes to the mode's `checkJson` (true
 * once it shows the game ended: afterwards everything is public). Returns the problems found.
 */
export function scanWire(me: string, log: WireLog, others: string[], problems: string[], checkJson: (json: unknown, where: string) => boolean): string[] {
  for (const r of log.records) {
    if (r.kind === "sse") {
      // Signals carry only { topic, kind } (design §4).
      let data: unknown;
      try {
        data = JSON.parse(r.body);
      } catch {
        problems.push(`SSE not JSON: ${r.body.slice(0, 80)}`);
        continue;
      }
      const keys = Object.keys(data as object).sort().join(",");
      if (r.url === "events") {
        // A delivery: on this player's own topics only, each event in the shape { a, s, e[, at] },
        // its events checked below like any JSON body.
        const frame = data as { topic?: unknown; events?: unknown };
        if (!FRAME_KEYS.has(keys)) problems.push(`SSE events frame has keys ${keys}`);
        const topic = String(frame.topic);
        if (!topic.startsWith("room:") && topic !== `user:${me}`) problems.push(`got a delivery on ${topic}`);
        for (const e of Array.isArray(frame.events) ? frame.events : []) {
          const k = Object.keys(e as object).sort().join(",");
          if (!DELIVERED_KEYS.has(k)) problems.push(`SSE delivered event has keys ${k}`);
        }
        if (checkJson(data, "SSE events")) break;
        continue;
      }
      // `hello` (subscribed) carries nothing; `signal` only its topic and kind.
      if (r.url !== "signal") {
        if (keys !== "") problems.push(`SSE ${r.url} carries data: ${r.body.slice(0, 120)}`);
        continue;
      }
      if (keys !== "kind,topic") problems.push(`SSE carries more than topic/kind: ${r.body.slice(0, 120)}`);
      const topic = String((data as { topic: unknown }).topic);
      // Nothing is sent on team topics: a team's events signal each living member's user topic.
      if (topic.includes(":team:")) problems.push(`got a team-topic signal ${topic}`);
      if (topic.startsWith("user:") && topic !== `user:${me}`) problems.push(`got another user's signal ${topic}`);
      continue;
    }
    // Text checks on every body, HTML included: no other player's secret role next to their id.
    let json: unknown = null;
    if (r.body.startsWith("{") || r.body.startsWith("[")) {
      try {
        json = JSON.parse(r.body);
      } catch {
        json = null;
      }
    }
    if (json === null) {
      for (const p of others) {
        if (r.body.includes(p) && /"role"\s*:/.test(r.body)) problems.push(`${r.url}: body names ${p} and carries a role`);
      }
      continue;
    }
    if (checkJson(json, r.url)) break;
  }
  return problems;
}

export function auditPlayer(me: string, log: WireLog, truth: Truth): string[] {
  const problems: string[] = [];
  const myRole = truth.roles[me];
  const wolf = myRole === "wolf";
  const others = Object.keys(truth.roles).filter((p) => p !== me);
  let alive = true;
  const revealed = new Set<string>();
  return scanWire(me, log, others, problems, checkJson);

  /** Checks one JSON payload received at `where`; true when it shows the game ended (nothing after it is checked). */
  function checkJson(json: unknown, where: string): boolean {
    // A payload that carries the end of the game was read after the end: all of it is public.
    if ([...walk(json)].some(([path, v]) => path.endsWith(".type") && v === "game_end")) return true;
    const view = (json as { view?: ViewLike }).view;
    if (view && typeof view === "object") {
      if (view.ended) return true;
      alive = view.alive[me] !== false;
      for (const d of view.deaths ?? []) for (const p of Object.keys(d.roles ?? {})) revealed.add(p);
      for (const p of Object.keys(view.roles ?? {})) {
        const told = p === truth.girlCaught && (truth.girlToldTo ?? []).includes(me);
        const ok = p === me || (wolf && truth.roles[p] === "wolf") || told || revealed.has(p);
        if (!ok) problems.push(`${where}: view.roles reveals ${p}`);
      }
      if (view.seerResults?.length && myRole !== "seer") problems.push(`${where}: seerResults for a ${myRole}`);
      // C-SEER-1: in classic the Seer learns the exact card; in standard only the side.
      for (const x of view.seerResults ?? []) {
        const exact = x.result === truth.roles[x.target];
        const side = truth.roles[x.target] === "wolf" ? ["wolf", "wolves"].includes(x.result) : x.result === "village";
        if (view.ruleset === "classic" ? !exact : !side) problems.push(`${where}: seer result ${x.result} for a ${truth.roles[x.target]}`);
      }
      // C-CUPID-1: the lovers know each other (and Cupid knows whom he linked); nobody else does.
      if (view.lovers && !truth.lovers?.includes(me) && truth.cupid !== me) problems.push(`${where}: lovers known to a ${myRole}`);
      // C-GIRL-1: a peeking Little Girl sees the picks and the wolf chat with the wolves' names hidden.
      if (myRole === "little_girl") {
        for (const pk of view.wolfPicks ?? []) if (pk.by in truth.roles) problems.push(`${where}: Little Girl sees the picking wolf ${pk.by}`);
        for (const c of view.chat ?? []) if (c.channel === "wolves" && c.from in truth.roles) problems.push(`${where}: Little Girl sees wolf chat from ${c.from}`);
      }
      if (view.wolfPicks?.length && !(wolf && alive) && myRole !== "little_girl") problems.push(`${where}: wolfPicks for ${myRole} alive=${alive}`);
      if (view.witchTarget && myRole !== "witch") problems.push(`${where}: witchTarget for a ${myRole}`);
      if (view.timeline?.length) problems.push(`${where}: timeline before the end`);
      if (view.chat?.some((c) => c.channel === "wolves") && !(wolf && alive) && myRole !== "little_girl")
        problems.push(`${where}: wolf chat for ${myRole} alive=${alive}`);
    }
    for (const [path, v, parent] of walk(json)) {
      audienceProblem(me, path, v, (team) => team === "wolves" && wolf && alive, where, problems);
      if (path.endsWith(".role") && parent) {
        const who = (parent.userId ?? parent.player) as string | undefined;
        if (who && who !== me && !revealed.has(who) && !(wolf && truth.roles[who] === "wolf"))
          problems.push(`${where}: role of ${who} at ${path}`);
      }
      // S-VOTE-6 / S-VOTE-4: "X has voted" is public, in one shape, never with the target.
      if (path.endsWith(".type") && v === "voted" && parent && Object.keys(parent).sort().join(",") !== "at,audience,day,player,type")
        problems.push(`${where}: a "voted" event with keys ${Object.keys(parent).sort().join(",")}`);
      // A death event: from here this player reads as the dead (classic reveals the dead's cards).
      if (path.endsWith(".type") && v === "death" && parent) {
        const died = (parent.players as string[] | undefined) ?? [];
        if (died.includes(me)) alive = false;
        for (const p of Object.keys((parent.roles as Record<string, string> | undefined) ?? {})) revealed.add(p);
      }
    }
    return false;
  }
}
