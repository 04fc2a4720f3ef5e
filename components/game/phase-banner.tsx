"use client";
import { useTranslations } from "next-intl";
import { formatClock } from "@/lib/client/clock";
import { useGameCtx } from "./game-context";
import { usePhaseTitle } from "./labels";
import { isNight } from "./theme";
import { SoundToggle } from "./sound-toggle";

export function PhaseBanner({ left }: { left: number | null }) {
  const { view } = useGameCtx();
  const t = useTranslations("phase");
  const { title, sub } = usePhaseTitle()(view);
  const night = isNight(view.phase) || view.phase === "ended";
  return (
    <div className="sticky top-0 z-20 border-b border-line bg-surface/95 backdrop-blur" data-testid="phase-banner" data-phase={view.phase} data-day={view.day}>
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-2">
        <div className="flex min-w-0 items-center gap-3">
          <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
            {night ? (
              <path d="M15 3a9 9 0 1 0 6 15A7 7 0 0 1 15 3z" fill="var(--accent)" />
            ) : (
              <circle cx="12" cy="12" r="6" fill="var(--accent)" />
            )}
          </svg>
          <div className="min-w-0">
            <h2 className="text-lg leading-tight font-extrabold" data-testid="phase-title">
              {title}
            </h2>
            {sub && <p className="text-sm leading-snug text-muted">{sub}</p>}
          </div>
        </div>
        {!view.ended && <SoundToggle />}
        {left !== null && (
          <div className="shrink-0 text-right" role="timer" aria-label={t("timeLeft", { time: formatClock(left) })}>
            <span className="font-mono text-2xl font-bold whitespace-nowrap tabular-nums" data-testid="countdown" aria-hidden="true">
              {formatClock(left)}
            </span>
            {left === 0 && <p className="text-xs text-muted">{t("waitingServer")}</p>}
          </div>
        )}
      </div>
    </div>
  );
}
