"use client";
import { useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import { BotBadge } from "@/components/ui/member-badges";
import { useBusy } from "@/lib/client/use-busy";
import { useWh } from "./context";
import { Ballot, YesNo } from "./news";
import { sideOf } from "./role-card";

/**
 * The end (WH-R12, WH-R13): who won and why, every role with its side and final form, the witch
 * score (frogs at the end), and each day's public record.
 */
export function WhResults({ isHost, onPlayAgain }: { isHost: boolean; onPlayAgain: () => Promise<void> }) {
  const { view, player } = useWh();
  const t = useTranslations("wh");
  const tr = useTranslations("results");
  const th = useTranslations("host");
  const { busy, error, run } = useBusy();
  const winner = view.winner ?? "none";
  const days = Array.from({ length: view.day }, (_, i) => i + 1);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="wh-results-title" data-testid="results">
      <div className="card flex flex-col items-center gap-2 text-center">
        <h2 id="wh-results-title" className="text-sm font-semibold tracking-widest text-muted uppercase">
          {tr("title")}
        </h2>
        <p className="text-3xl font-extrabold text-accent" data-testid="winner" data-winner={winner}>
          {view.endReason === "host" ? th("endedByHost") : t(`winner.${winner}`)}
        </p>
        {view.endReason && view.endReason !== "host" && (
          <p className="text-muted" data-testid="end-reason" data-reason={view.endReason}>
            {t(`reason.${view.endReason as "seal"}`)}
          </p>
        )}
        <p className="text-lg" data-testid="witch-score" data-score={view.score ?? 0}>
          {t("score", { n: view.score ?? 0 })}
        </p>
        {isHost ? (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => run(onPlayAgain)} data-testid="play-again">
            {tr("playAgain")}
          </button>
        ) : (
          <p className="text-sm text-muted">{tr("waitingHost")}</p>
        )}
        {error && (
          <p role="alert" className="text-danger">
            {error}
          </p>
        )}
      </div>
      <div className="card">
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="roles-list">
          {view.players.map((id) => {
            const role = view.roles?.[id] ?? "villager";
            const side = sideOf(role);
            const p = player(id);
            return (
              <li key={id} className="flex min-w-0 items-center gap-2" data-testid="result-row" data-player={id} data-role={role}>
                <Avatar appearance={p.appearance} seed={id} size={32} dead={view.form[id] === "expelled"} />
                <span className="min-w-0 flex-1 leading-tight wrap-anywhere">
                  <span className="font-semibold">{p.name}</span> {p.isBot && <BotBadge />}
                  <br />
                  <span className={`text-sm font-semibold ${side === "witches" ? "text-wolf" : side === "clown" ? "text-accent" : "text-village"}`}>{t(`role.${role}.name`)}</span>
                  <span className="text-sm text-muted"> · {t(`side.${side}`)}</span>
                  {view.form[id] !== "human" && <span className="text-sm text-muted"> · {t(view.form[id] === "frog" ? "frog" : "expelled")}</span>}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <div className="card flex flex-col gap-3" data-testid="timeline">
        {days.map((d) => (
          <div key={d} className="flex flex-col gap-2 border-b border-line pb-2 last:border-0">
            <h3 className="font-bold">{t("dayN", { n: d })}</h3>
            {view.yesnoResults
              .filter((r) => r.day === d)
              .map((r, i) => (
                <YesNo key={i} r={r} />
              ))}
            {view.ritualResults
              .filter((r) => r.day === d)
              .map((r, i) => (
                <p key={i} className={r.success ? "text-ok" : "text-danger"}>
                  {r.success === null ? t("ritualAutoFailed") : r.success ? t("ritualSuccess") : t("ritualFailed")}
                </p>
              ))}
            {view.ballots
              .filter((b) => b.day === d)
              .map((b, i) => (
                <Ballot key={i} b={b} />
              ))}
          </div>
        ))}
      </div>
    </section>
  );
}
