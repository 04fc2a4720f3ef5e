"use client";
import { useTranslations } from "next-intl";
import { useGameCtx } from "./game-context";
import { useSpeaker } from "./labels";

/** Living wolves see each other's picks as they arrive (S-WOLF-2); a peeking Little Girl sees them anonymised. */
export function WolfPicks() {
  const { view, me, player } = useGameCtx();
  const t = useTranslations("action");
  const who = useSpeaker((id) => player(id).name, view.players);
  const amWolf = view.myRole === "wolf" && view.alive[me] !== false;
  if (view.phase !== "night.main" || (!amWolf && view.wolfPicks.length === 0)) return null;
  return (
    <section className="card" aria-labelledby="picks-title" data-testid="wolf-picks">
      <h2 id="picks-title" className="mb-1 font-bold text-wolf">
        {t("wolfPicks")}
      </h2>
      {view.wolfPicks.length === 0 ? (
        <p className="text-sm text-muted">{t("noPicks")}</p>
      ) : (
        <ul className="text-sm" aria-live="polite">
          {view.wolfPicks.map((p) => (
            <li key={p.by}>{t("wolfPickLine", { wolf: who(p.by), target: player(p.target).name })}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
