"use client";
import { useTranslations } from "next-intl";
import { isKnightDay, phaseKey } from "@/lib/client/witch-hunt/choices";
import { CURSE_LENGTH, SEALS_NEEDED, UNLOCKS } from "@/lib/game/witch-hunt/tables";
import { BannerShell } from "../game/banner-shell";
import { useWh } from "./context";

/** Pips: `n` of `of` filled (the Curse bar, the seals). */
function Pips({ n, of, tone, label, testId }: { n: number; of: number; tone: "danger" | "accent"; label: string; testId: string }) {
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={label} data-testid={testId} data-value={n}>
      {Array.from({ length: of }, (_, i) => (
        <span key={i} className={`inline-block size-3 rounded-full border ${tone === "danger" ? "border-danger" : "border-accent"} ${i < n ? (tone === "danger" ? "bg-danger" : "bg-accent") : ""}`} />
      ))}
    </span>
  );
}

/**
 * The step and its timer, and what is always public (WH-P13): the Curse bar, the seals, the failed
 * rituals' unlocked spells and the Knight day. Sticky, so it stays on screen while scrolling.
 */
export function WhBanner({ left }: { left: number | null }) {
  const { view } = useWh();
  const t = useTranslations("wh");
  const ended = view.phase === "ended";
  const title = t(`phase.${phaseKey(view.phase)}`);
  const sub = view.day > 0 && !ended && (
    <p className="text-sm text-muted">
      {t("dayN", { n: view.day })}
      {isKnightDay(view) && (
        <span className="ml-2 font-semibold text-accent" data-testid="knight-day">
          {t("knightDay")}
        </span>
      )}
    </p>
  );
  return (
    <BannerShell phase={view.phase} day={view.day} title={title} sub={sub} left={left} ended={ended}>
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-1 px-4 pt-1 pb-2 text-sm" data-testid="wh-status">
        <span className="inline-flex items-center gap-1.5">
          <span className="text-muted">{t("curse")}</span>
          <Pips n={view.curse} of={CURSE_LENGTH} tone="danger" label={t("curseOf", { n: view.curse, of: CURSE_LENGTH })} testId="curse" />
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="text-muted">{t("seals")}</span>
          <Pips n={view.seals} of={SEALS_NEEDED} tone="accent" label={t("sealsOf", { n: view.seals, of: SEALS_NEEDED })} testId="seals" />
        </span>
        <span className="inline-flex flex-wrap items-center gap-1" data-testid="spells">
          <span className="text-muted">{t("spells")}</span>
          {UNLOCKS.map((s, i) => (
            <span
              key={s}
              className={`rounded-full border px-1.5 text-xs leading-5 ${view.unlocked.includes(s) ? "border-danger font-semibold text-danger" : "border-dashed border-line text-muted"}`}
              title={view.unlocked.includes(s) ? t("unlocked") : t("locksUntil", { n: i + 1 })}
              data-spell={s}
              data-unlocked={view.unlocked.includes(s) ? "true" : "false"}
            >
              {t(`spell.${s}`)}
            </span>
          ))}
        </span>
      </div>
    </BannerShell>
  );
}
