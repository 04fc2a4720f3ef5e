"use client";
import { useTranslations } from "next-intl";
import { ResultsHeader, RolesList } from "../game/results-header";
import { useWh } from "./context";
import { Ballot, YesNo } from "./news";
import { sideOf } from "@/lib/game/witch-hunt/winners";

/**
 * The end (WH-R12, WH-R13): who won and why, every role with its side and final form, the witch
 * score (frogs at the end), and each day's public record.
 * Without `onPlayAgain` it is a past game's page (`/g/<id>`).
 */
export function WhResults({ isHost = false, onPlayAgain }: { isHost?: boolean; onPlayAgain?: () => Promise<void> }) {
  const { view, player } = useWh();
  const t = useTranslations("wh");
  const winner = view.winner ?? "none";
  const days = Array.from({ length: view.day }, (_, i) => i + 1);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="results-title" data-testid="results">
      {/* Alike card-werewolf/results.tsx: the same shared header and roles list, each fed its own mode's words. */}
      <ResultsHeader
        winner={winner}
        winnerText={t(`winner.${winner}`)}
        reason={view.endReason}
        reasonText={view.endReason ? t(`reason.${view.endReason as "seal"}`) : null}
        extra={
          <p className="text-lg" data-testid="witch-score" data-score={view.score ?? 0}>
            {t("score", { n: view.score ?? 0 })}
          </p>
        }
        isHost={isHost}
        onPlayAgain={onPlayAgain}
      />
      <RolesList
        ids={view.players}
        player={player}
        row={(id) => {
          const role = view.roles?.[id] ?? "villager";
          const side = sideOf(role);
          const form = view.form[id];
          return {
            role,
            text: t(`role.${role}.name`),
            tone: side === "witches" ? "text-wolf" : side === "clown" ? "text-accent" : "text-village",
            notes: [t(`side.${side}`), ...(form !== "human" ? [t(form === "frog" ? "frog" : "expelled")] : [])],
            dead: form === "expelled",
          };
        }}
      />
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
