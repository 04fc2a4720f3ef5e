// The bot pass Supabase Cron runs every second with the phase advance (supabase/functions/advance).
// On Supabase no server process stays up to hear realtime signals (the embedded runner, runner.ts,
// needs one), so this pass is stateless: everything a bot needs is re-read each time, and a bot's
// memory of the current phase is its own stored action replies (read as the bot, under RLS).
// Each turn goes through `botTurn` — the bot's own view, the mode's brain, the person's `act` —
// with an idempotency key derived from the phase and the bot's count of actions in it, so two
// overlapping passes act once.
import type { Db } from "../../db/types";
import { setReady } from "../rooms/member-state";
import { botClaims, type BotMember } from "./identity";
import { getMode } from "../../game/modes";
import { botSeeds, choiceRng, dueAt, firstWindowOf, notBefore, phaseKeyOf } from "./pace";
import { botTurn, MAX_ACTIONS_PER_PHASE, type TurnResult } from "./turn";

export interface BotPassReport {
  /** Bots made ready in a lobby. */
  readied: number;
  /** Accepted bot actions. */
  acted: number;
}

interface BotRow {
  user_id: string;
  display_name: string;
  ready: boolean;
  code: string;
  status: "lobby" | "playing";
  game_id: string | null;
  mode: string | null;
  phase: string | null;
  day: number | null;
  deadline: number | null;
  ended: boolean | null;
  time_scale: number | null;
  started: number | null;
}

/** Every room member that is a bot, with the public status of its room's current game. */
const BOTS = `select m.user_id, m.display_name, m.ready, r.code, r.status, r.game_id, g.mode, g.phase, g.day, g.ended,
    (extract(epoch from g.deadline) * 1000)::float8 as deadline,
    (extract(epoch from g.phase_started_at) * 1000)::float8 as started,
    (g.config ->> 'timeScale')::float8 as time_scale
  from room_members m join rooms r on r.id = m.room_id left join games g on g.id = r.game_id
  where m.is_bot order by r.id, m.joined_at, m.user_id`;

const KEY_PREFIX = "cron";

/** One bot's turn in a running game, if its moment in this phase (pace.ts) has come. */
async function dueTurn(
  db: Db,
  bot: BotMember,
  row: BotRow & { game_id: string; mode: string },
  now: number,
  secret: Uint8Array,
  bots: ReadonlySet<string>,
): Promise<TurnResult> {
  const phaseKey = phaseKeyOf(row.phase ?? "", row.day ?? 0, row.started);
  const prefix = `${KEY_PREFIX}:${phaseKey}:`;
  const done = await db.asUser(botClaims(bot), (tx) =>
    tx.query<{ request: string }>(
      `select response ->> 'request' as request from action_requests
        where game_id = $1 and user_id = $2 and left(idempotency_key, length($3)) = $3`,
      [row.game_id, bot.userId, prefix],
    ),
  );
  const n = done.length;
  if (n >= MAX_ACTIONS_PER_PHASE) return { kind: "idle" };
  // The n-th action's moment in the phase (pace.ts); its choices draw from another stream, so the
  // timing says nothing of what it drew. A held action (ready before its moment) is asked again
  // on a later pass, from the same stream: the same view gives the same choice.
  const seeds = await botSeeds(secret, bot.userId, row.game_id);
  const started = row.started ?? now;
  if (now < dueAt(seeds, phaseKey, n, row.time_scale ?? 1, started, row.deadline, firstWindowOf(getMode(row.mode)?.bot))) return { kind: "idle" };
  const memory = { rng: choiceRng(seeds, phaseKey, n), phaseKey, done: done.map((d) => d.request) };
  return botTurn(db, bot, { id: row.game_id, mode: row.mode, phaseKey }, memory, {
    key: `${prefix}${n}`,
    now,
    notBefore: (ready, peopleReady) => notBefore(seeds, phaseKey, ready, started, row.deadline, peopleReady),
    bots,
  });
}

/**
 * Readies lobby bots and plays every bot whose turn is due; a failing bot does not stop the others.
 * `secret`: the key of the bots' seeds (secret.ts; the edge function passes its own).
 */
export async function playDueBots(db: Db, now: number, log: Pick<Console, "error"> = console, secret?: Uint8Array): Promise<BotPassReport> {
  const rows = await db.tx((tx) => tx.query<BotRow>(BOTS));
  // Loaded only without one: the Node key store (secret.ts) is not the edge function's.
  const key = secret ?? (rows.some((r) => r.status === "playing") ? await (await import("./secret")).botSecret() : new Uint8Array());
  const report: BotPassReport = { readied: 0, acted: 0 };
  // Each room's bots (public: every member sees who is a bot), to tell them from people.
  const botsOf = new Map<string, Set<string>>();
  for (const r of rows) botsOf.set(r.code, (botsOf.get(r.code) ?? new Set<string>()).add(r.user_id));
  for (const row of rows) {
    const bot: BotMember = { userId: row.user_id, displayName: row.display_name };
    try {
      if (row.status === "lobby") {
        if (!row.ready) {
          await setReady(db, botClaims(bot), row.code, true);
          report.readied++;
        }
      } else if (row.game_id !== null && row.mode !== null && row.ended === false) {
        const result = await dueTurn(db, bot, { ...row, game_id: row.game_id, mode: row.mode }, now, key, botsOf.get(row.code)!);
        if (result.kind === "acted") report.acted++;
      }
    } catch (error) {
      log.error("[bots] cron turn failed", error);
    }
  }
  return report;
}
