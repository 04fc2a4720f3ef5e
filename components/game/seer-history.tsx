"use client";
import { useTranslations } from "next-intl";
import { useGameCtx } from "./game-context";
import { useRoleText } from "./labels";

/** The Seer's private results, kept for the whole game (S-SEER-2). */
export function SeerHistory() {
  const { view, player } = useGameCtx();
  const t = useTranslations("action");
  const { role, side } = useRoleText();
  if (view.myRole !== "seer" && view.seerResults.length === 0) return null;
  // Standard tells the side ("wolf" | "village", S-SEER-1); classic the exact card (C-SEER-1).
  const text = (r: string) => (view.ruleset === "standard" ? side(r) : role(r));
  return (
    <section className="card" aria-labelledby="seer-title" data-testid="seer-history">
      <h2 id="seer-title" className="mb-2 font-bold">
        {t("seerHistory")}
      </h2>
      {view.seerResults.length === 0 ? (
        <p className="text-sm text-muted">{t("noSeerHistory")}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {view.seerResults.map((r) => (
            <li key={`${r.day}-${r.target}`} data-result={r.result}>
              {t("seerLine", { n: r.day, name: player(r.target).name, result: text(r.result) })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
