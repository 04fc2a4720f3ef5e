"use client";
import { useTranslations } from "next-intl";
import { formatClock } from "@/lib/client/clock";
import { isKnightDay, phaseKey } from "@/lib/client/witch-hunt/choices";
import { CURSE_LENGTH, SEALS_NEEDED, UNLOCKS } from "@/lib/game/witch-hunt/tables";
import { SoundToggle } from "../game/sound-toggle";
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
  const tp = useTranslations("phase");
  const ended = view.phase === "ended";
  const title = t(`phase.${phaseKey(view.phase)}`);
  return (
    <div className="sticky top-0 z-20 border-b border-line bg-surface/95 backdrop-blur" data-testid="phase-banner" data-phase={view.phase} data-day={view.day}>
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 pt-2">
        <div className="min-w-0">
          <h2 className="text-lg leading-tight font-extrabold" data-testid="phase-title">
            {title}
          </h2>
          {view.day > 0 && !ended && (
            <p className="text-sm text-muted">
              {t("dayN", { n: view.day })}
              {isKnightDay(view) && (
                <span className="ml-2 font-semibold text-accent" data-testid="knight-day">
                  {t("knightDay")}
                </span>
              )}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {!ended && <SoundToggle />}
          {left !== null && (
            <div className="text-right" role="timer" aria-label={tp("timeLeft", { time: formatClock(left) })}>
              <span className="font-mono text-2xl font-bold tabular-nums" data-testid="countdown" aria-hidden="true">
                {formatClock(left)}
              </span>
              {left === 0 && <p className="text-xs text-muted">{tp("waitingServer")}</p>}
            </div>
          )}
        </div>
      </div>
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
    </div>
  );
}
