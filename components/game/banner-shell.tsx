"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { formatClock } from "@/lib/client/clock";
import { SoundToggle } from "./sound-toggle";

/**
 * The sticky top of a mode's game screen: the step's title, a line under it, the sound toggle and
 * the timer; `children` is the mode's row of public facts under them.
 */
export function BannerShell({ phase, day, title, sub, left, ended, children }: { phase: string; day: number; title: string; sub: ReactNode; left: number | null; ended: boolean; children?: ReactNode }) {
  const tp = useTranslations("phase");
  return (
    <div className="sticky top-0 z-20 border-b border-line bg-surface/95 backdrop-blur" data-testid="phase-banner" data-phase={phase} data-day={day}>
      <div className={`mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 pt-2 ${children ? "" : "pb-2"}`}>
        <div className="min-w-0">
          <h2 className="text-lg leading-tight font-extrabold" data-testid="phase-title">
            {title}
          </h2>
          {sub}
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
      {children}
    </div>
  );
}
