"use client";
import { useTranslations } from "next-intl";
import { useNameList } from "@/lib/client/use-name-list";
import type { TallyRecord } from "@/lib/game/werewolf/types";
import { useGameCtx } from "./game-context";

/** Who voted for whom, published when a vote closes (S-VOTE-4). */
export function VoteTally({ tally, goesToRevote = false }: { tally: TallyRecord; goesToRevote?: boolean }) {
  const { player } = useGameCtx();
  const t = useTranslations("vote");
  const list = useNameList();
  const tc = useTranslations("chat");
  const tp = useTranslations("phase");
  const counts = Object.entries(tally.counts).sort((a, b) => b[1] - a[1]);
  const title = tally.kind === "sheriff" ? tp("sheriffElection") : tally.kind === "revote" ? tp("revote") : tp("vote", { n: tally.day });
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="vote-tally">
      <p className="font-semibold">
        {t("tally")} · {title}
      </p>
      <ul>
        {Object.entries(tally.votes).map(([voter, target]) => (
          <li key={voter}>{t("tallyLine", { voter: player(voter).name, target: player(target).name })}</li>
        ))}
      </ul>
      <p className="text-muted">{counts.map(([p, n]) => t("votesFor", { name: player(p).name, count: n })).join(" · ")}</p>
      <p className="font-semibold">
        {tally.kind === "sheriff"
          ? tally.result && tc("sysSheriff", { name: player(tally.result).name })
          : tally.result
            ? tc("sysEliminated", { name: player(tally.result).name })
            : goesToRevote
              ? tc("sysTie", { names: list(tally.tied.map((p) => player(p).name)) })
              : tc("sysNoElimination")}
      </p>
    </div>
  );
}
