"use client";
import { useTranslations } from "next-intl";
import { ResultsHeader, RolesList } from "../game/results-header";
import { sideOf } from "@/lib/game/card-werewolf/winners";
import { useCw } from "./context";

/**
 * The end (CW-R32, CW-R43, CW-R46): who won and why, every role with its side, who died and who was
 * the GM (CW-R23), and each Night's result.
 * Without `onPlayAgain` it is a past game's page (`/g/<id>`).
 */
export function CwResults({ isHost = false, onPlayAgain }: { isHost?: boolean; onPlayAgain?: () => Promise<void> }) {
  const { view, player } = useCw();
  const t = useTranslations("cw");
  const winner = view.winner ?? "none";
  return (
    <section className="flex flex-col gap-4" aria-labelledby="results-title" data-testid="results">
      <ResultsHeader
        winner={winner}
        winnerText={t(`winner.${winner}`)}
        winnerClass={winner === "werewolves" ? "text-wolf" : "text-village"}
        reason={view.endReason}
        reasonText={view.endReason ? t(`reason.${view.endReason as "all_werewolves_dead"}`) : null}
        isHost={isHost}
        onPlayAgain={onPlayAgain}
      />
      <RolesList
        ids={view.players}
        player={player}
        row={(id) => {
          const role = view.roles?.[id] ?? "villager";
          const side = sideOf(role);
          return {
            role,
            text: t(`role.${role}.name`),
            tone: side === "werewolves" ? "text-wolf" : "text-village",
            notes: [t(`side.${side}`), ...(view.alive[id] ? [] : [t("dead")]), ...(view.gm === id ? [t("gm")] : [])],
            dead: !view.alive[id],
          };
        }}
      />
      {view.nights.length > 0 && (
        <div className="card flex flex-col gap-1" data-testid="timeline">
          {view.nights.map((n) => (
            <p key={n.day} className="wrap-anywhere">
              <span className="font-semibold">{t("nightN", { n: n.day })}: </span>
              {n.died ? t("nightDied", { name: player(n.died).name }) : t("nightSafe")}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}
