"use client";
import { useTranslations } from "next-intl";
import { useNameList } from "@/lib/client/use-name-list";
import { Avatar } from "@/components/ui/avatar";
import { tieGoesToRevote } from "@/lib/client/werewolf/day-log";
import { BotBadge } from "@/components/ui/member-badges";
import type { GameEvent } from "@/lib/game/core/types";
import type { Pick, WerewolfView } from "@/lib/game/werewolf/types";
import { useGameCtx } from "./game-context";
import { useRoleText } from "./labels";
import { VoteTally } from "./vote-tally";

interface NightLog {
  day: number;
  picks?: Pick[];
  target?: string | null;
  protect?: string | null;
  inspect?: { by: string; target: string; result: string } | null;
  saved?: boolean;
  poison?: string | null;
  dead?: string[];
}

const teamOf = (role: string) => (role === "wolf" ? "wolves" : "village");

/**
 * S-END-1: winner, every role and side, who won, and the whole timeline night by night. With
 * `onPlayAgain` it ends a game on screen ("Play again" or waiting for the Host); without it, it is
 * a past game's page (`/g/<id>`).
 */
export function Results({ isHost = false, onPlayAgain, busy = false }: { isHost?: boolean; onPlayAgain?: () => void; busy?: boolean }) {
  const { view, player } = useGameCtx();
  const t = useTranslations("results");
  const th = useTranslations("host");
  const tp = useTranslations("phase");
  const { role: roleName, side } = useRoleText();
  const winner = view.winner ?? "draw";
  const days = Array.from({ length: view.day }, (_, i) => i + 1);
  const holder = (role: string) => view.players.find((p) => view.roles[p] === role);
  const name = (id: string | null | undefined) => (id ? player(id).name : "—");

  return (
    <section className="flex flex-col gap-4" aria-labelledby="results-title" data-testid="results">
      <div className="card flex flex-col items-center gap-2 text-center">
        <h2 id="results-title" className="text-sm font-semibold tracking-widest text-muted uppercase">
          {t("title")}
        </h2>
        {view.endedBy ? (
          // Ended by the host (issue 22 item 7): no side won; the roles below are all shown.
          <>
            <p className="text-3xl font-extrabold text-accent" data-testid="winner" data-winner="none">
              {th("endedByHost")}
            </p>
            <p className="text-muted wrap-anywhere" data-testid="ended-by">
              {th("endedBy", { name: name(view.endedBy) })}
            </p>
          </>
        ) : (
          <p className="text-3xl font-extrabold text-accent" data-testid="winner" data-winner={winner}>
            {t(`winner_${winner}`)}
          </p>
        )}
        {onPlayAgain &&
          (isHost ? (
            <button type="button" className="btn btn-primary mt-2 w-full max-w-xs text-lg" onClick={onPlayAgain} disabled={busy} data-testid="play-again">
              {t("playAgain")}
            </button>
          ) : (
            <p className="text-muted">{t("waitingHost")}</p>
          ))}
      </div>
      <div className="card">
        <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2" data-testid="results-roles">
          {view.players.map((p) => {
            const role = view.roles[p];
            const won = view.winners.includes(p);
            return (
              <li key={p} className="flex items-center gap-2 rounded-lg px-2 py-1 odd:bg-surface-2" data-player={p} data-role={role}>
                <Avatar appearance={player(p).appearance} seed={p} size={32} dead={view.alive[p] === false} />
                {/* Name over role: a 20-character name gets the row's whole width, wrapping if it must. */}
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="flex flex-wrap items-center gap-x-2">
                    <span className="min-w-0 font-semibold wrap-anywhere">{player(p).name}</span>
                    {player(p).isBot && <BotBadge />}
                  </span>
                  <span className={`text-sm ${role === "wolf" ? "text-wolf" : "text-village"}`}>
                    {role ? `${roleName(role)} · ${side(teamOf(role))}` : "?"}
                  </span>
                </span>
                {!view.endedBy && <span className={`shrink-0 text-right text-sm font-bold ${won ? "text-ok" : "text-muted"}`}>{won ? t("won") : t("lost")}</span>}
              </li>
            );
          })}
        </ul>
      </div>
      <div className="card flex flex-col gap-3">
        <h3 className="text-lg font-bold">{t("timeline")}</h3>
        <ol className="flex flex-col gap-3" data-testid="timeline">
          {days.map((d) => (
            <li key={d} className="flex flex-col gap-2">
              <NightEntry day={d} view={view} name={name} holder={holder} tp={tp} t={t} side={side} roleName={roleName} />
              {view.tallies.map((x, i) =>
                x.day === d ? (
                  <div key={i} className="rounded-lg bg-surface-2 p-2">
                    <VoteTally tally={x} goesToRevote={tieGoesToRevote(view.tallies, i, false)} />
                  </div>
                ) : null,
              )}
              {events(view, "shot")
                .filter((e) => e.day === d)
                .map((e, i) => (
                  <p key={i} className="text-sm">
                    {t("shot", { actor: name(e.by as string), target: name(e.target as string | null) })}
                  </p>
                ))}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const events = (view: WerewolfView, type: string): GameEvent[] => view.timeline.filter((e) => e.type === type);

function NightEntry({
  day,
  view,
  name,
  holder,
  tp,
  t,
  side,
  roleName,
}: {
  day: number;
  view: WerewolfView;
  name: (id: string | null | undefined) => string;
  holder: (role: string) => string | undefined;
  tp: ReturnType<typeof useTranslations<"phase">>;
  t: ReturnType<typeof useTranslations<"results">>;
  side: (s: string) => string;
  roleName: (r: string) => string;
}) {
  const list = useNameList();
  const night = events(view, "night").find((e) => e.day === day) as unknown as NightLog | undefined;
  const extras = view.timeline.filter((e) => e.day === day && (e.type === "cupid" || e.type === "thief"));
  const lines: string[] = [];
  for (const e of extras) {
    if (e.type === "cupid") {
      const [a, b] = (e.lovers as [string, string] | null) ?? [];
      if (a && b) lines.push(t("lovers", { a: name(a), b: name(b) }));
    } else if (e.type === "thief") lines.push(t("thief", { actor: name(e.thief as string), role: roleName(String(e.role)) }));
  }
  if (night) {
    for (const p of night.picks ?? []) lines.push(t("pick", { wolf: name(p.by), target: name(p.target) }));
    if (night.protect) lines.push(t("protect", { actor: name(holder("guard")), target: name(night.protect) }));
    if (night.inspect) {
      const r = night.inspect.result;
      lines.push(t("inspect", { actor: name(night.inspect.by), target: name(night.inspect.target), result: view.ruleset === "standard" ? side(r) : roleName(r) }));
    }
    if (night.saved && night.target) lines.push(t("save", { actor: name(holder("witch")), target: name(night.target) }));
    if (night.poison) lines.push(t("poison", { actor: name(holder("witch")), target: name(night.poison) }));
    lines.push(night.dead?.length ? t("deaths", { names: list(night.dead.map((p) => name(p))) }) : t("noDeaths"));
  }
  return (
    <div>
      <h4 className="font-semibold">{tp("night", { n: day })}</h4>
      <ul className="list-disc pl-5 text-sm">
        {lines.map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ul>
    </div>
  );
}
