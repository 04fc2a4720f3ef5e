"use client";
import { useTranslations } from "next-intl";
import { useGameCtx } from "./game-context";

/** Potions left and, while her Save potion is unused, tonight's wolves' target (S-WITCH-2). */
export function WitchInfo() {
  const { view, player } = useGameCtx();
  const t = useTranslations("action");
  if (view.myRole !== "witch" || !view.potions) return null;
  const state = (left: boolean) => (left ? t("potionLeft") : t("potionUsed"));
  const info = view.witchTarget && view.witchTarget.day === view.day && view.phase === "night.witch" ? view.witchTarget : null;
  return (
    <section className="card flex flex-col gap-1" aria-labelledby="witch-title" data-testid="witch-info">
      <h2 id="witch-title" className="font-bold">
        {t("witchPromptTitle")}
      </h2>
      <p className="text-sm">{t("potions", { save: state(view.potions.save), poison: state(view.potions.poison) })}</p>
      {view.phase === "night.witch" &&
        (!view.potions.save ? (
          <p className="text-sm text-muted">{t("witchTargetHidden")}</p>
        ) : info?.target ? (
          <p className="font-semibold text-wolf" data-testid="wolf-target">
            {t("wolfTarget", { name: player(info.target).name })}
          </p>
        ) : info ? (
          <p className="text-sm text-muted">{t("noWolfTarget")}</p>
        ) : null)}
    </section>
  );
}
