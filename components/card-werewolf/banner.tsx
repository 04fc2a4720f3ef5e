"use client";
import { useTranslations } from "next-intl";
import { deckLeft } from "@/lib/client/card-werewolf/choices";
import { BURIED } from "@/lib/game/card-werewolf/tables";
import { BannerShell } from "../game/banner-shell";
import { useCw } from "./context";

/** A phase's message key: "day.seer" → "day_seer" (message keys hold no dots). */
export const phaseKey = (p: string) => p.replace(".", "_") as "day";

/**
 * The step and its timer, and what is always public: the Day deck (the Howling Wolf lies in its
 * last 10, CW-R7), the discard pile, the Seer cards used (CW-R35), the Howling Wolf once shown.
 */
export function CwBanner({ left }: { left: number | null }) {
  const { view } = useCw();
  const t = useTranslations("cw");
  const ended = view.phase === "ended";
  const daytime = view.phase === "day" || view.phase === "day.seer";
  const deck = deckLeft(view);
  const last = view.discard.at(-1);
  const sub = view.day > 0 && !ended && <p className="text-sm text-muted">{t(view.phase === "night" ? "nightN" : "dayN", { n: view.day })}</p>;
  return (
    <BannerShell phase={view.phase} day={view.day} title={t(`phase.${phaseKey(view.phase)}`)} sub={sub} left={left} ended={ended}>
      {daytime && (
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-1 px-4 pt-1 pb-2 text-sm" data-testid="cw-status">
          <span className="inline-flex items-center gap-1.5" data-testid="deck" data-count={deck}>
            <span aria-hidden="true" className="inline-block h-4 w-3 rounded-sm border border-accent bg-accent/30" />
            {t("deck", { n: deck })}
            {deck <= BURIED && !view.howled && <span className="font-semibold text-danger">{t("howlNear")}</span>}
          </span>
          <span className="inline-flex items-center gap-1.5" data-testid="discard" data-count={view.discard.length}>
            <span className="text-muted">{t("discard", { n: view.discard.length })}</span>
            {last && <span className="font-semibold">{t(`card.${last.kind}.name`)}</span>}
          </span>
          <span className="text-muted" data-testid="seers-used" data-count={view.boxed}>
            {t("seersUsed", { n: view.boxed })}
          </span>
          {view.howled && <span className="font-bold text-danger">{t("howled")}</span>}
        </div>
      )}
    </BannerShell>
  );
}
