"use client";
import { useTranslations } from "next-intl";
import { useGameCtx } from "./game-context";

/**
 * S-VOTE-6: while a vote or election is open, how many living players have voted (who, on the
 * player tiles); for whom stays secret until the close (S-VOTE-4).
 */
export function VoteProgress() {
  const { view } = useGameCtx();
  const t = useTranslations("actions2");
  if (view.phase !== "vote" && view.phase !== "sheriff.election") return null;
  const total = view.players.filter((p) => view.alive[p] !== false).length;
  const n = view.voters.length;
  return (
    <div className="flex flex-col gap-1" data-testid="vote-progress" data-voted={n} data-total={total}>
      <p className="text-sm font-semibold" aria-live="polite">
        {t("votedCount", { n, total })}
      </p>
      <div className="h-2 overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${total === 0 ? 0 : (100 * n) / total}%` }} />
      </div>
      <p className="text-xs text-muted">{t("votesSecret")}</p>
    </div>
  );
}
