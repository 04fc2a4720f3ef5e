"use client";
import { useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import type { WerewolfView } from "@/lib/game/werewolf/types";
import { useGameCtx } from "./game-context";
import { useRoleText } from "./labels";

type SeerResult = WerewolfView["seerResults"][number];

/** Whether a result puts its player on the wolves' side (standard: the side; classic: the card). */
const onWolfSide = (r: SeerResult) => r.result === "wolf" || r.result === "wolves";

/** The answer as one sentence: "Lan is on the Wolf side" (S-SEER-1) or, in classic, "Lan is the Witch" (C-SEER-1). */
function useAnswerText() {
  const { view, player } = useGameCtx();
  const t = useTranslations("actions2");
  const { role } = useRoleText();
  return (r: SeerResult): string => {
    const name = player(r.target).name;
    if (view.ruleset !== "standard") return t("seerAnswerRole", { name, role: role(r.result) });
    return onWolfSide(r) ? t("seerAnswerWolf", { name }) : t("seerAnswerVillage", { name });
  };
}

function ResultBadge({ r, big = false }: { r: SeerResult; big?: boolean }) {
  const { player } = useGameCtx();
  const answer = useAnswerText();
  const wolf = onWolfSide(r);
  return (
    <span className={`flex min-w-0 items-center gap-2 ${big ? "text-base" : "text-sm"}`}>
      <Avatar appearance={player(r.target).appearance} seed={r.target} size={big ? 40 : 24} />
      <span className={`min-w-0 font-semibold break-words ${wolf ? "text-wolf" : "text-village"}`}>{answer(r)}</span>
    </span>
  );
}

/**
 * The Seer's answer where the Seer looks (S-SEER-2): in the action panel as soon as it is
 * accepted, for the rest of that night.
 */
export function SeerAnswer() {
  const { view } = useGameCtx();
  const t = useTranslations("actions2");
  const tonight = view.phase.startsWith("night.") ? view.seerResults.filter((r) => r.day === view.day).at(-1) : undefined;
  if (!tonight) return null;
  return (
    <div
      role="status"
      className={`flex flex-col gap-1 rounded-xl border-2 p-3 ${onWolfSide(tonight) ? "border-wolf" : "border-village"}`}
      data-testid="seer-answer"
      data-result={tonight.result}
    >
      <span className="text-xs font-semibold tracking-wide text-muted uppercase">{t("seerAnswerTitle")}</span>
      <ResultBadge r={tonight} big />
    </div>
  );
}

/** The Seer's notebook: every result, kept for the whole game (S-SEER-2). */
export function SeerHistory() {
  const { view } = useGameCtx();
  const t = useTranslations("action");
  const t2 = useTranslations("actions2");
  if (view.myRole !== "seer" && view.seerResults.length === 0) return null;
  return (
    <section className="card" aria-labelledby="seer-title" data-testid="seer-history">
      <h2 id="seer-title" className="mb-2 font-bold">
        {t("seerHistory")}
      </h2>
      {view.seerResults.length === 0 ? (
        <p className="text-sm text-muted">{t2("notebookEmpty")}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {view.seerResults.map((r) => (
            <li key={`${r.day}-${r.target}`} className="flex min-w-0 items-center gap-3" data-result={r.result} data-target={r.target}>
              <span className="w-14 shrink-0 text-xs font-semibold text-muted">{t2("night", { n: r.day })}</span>
              <ResultBadge r={r} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
