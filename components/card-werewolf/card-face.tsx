"use client";
import { useTranslations } from "next-intl";
import type { MouseEvent } from "react";
import { iconOf, votesOf } from "@/lib/client/card-werewolf/choices";
import type { Card } from "@/lib/game/card-werewolf/types";

const ICON = { sun: "☀", moon: "☾", none: "" } as const;

/** A card's colours: Votes gold, the moon card night blue, effects (no icon) purple (CW-R3). */
const tone = (c: Card) => (iconOf(c) === "moon" ? "border-sky-400 bg-sky-950 text-sky-100" : iconOf(c) === "none" ? "border-fuchsia-400 bg-fuchsia-950 text-fuchsia-100" : "border-amber-400 bg-amber-950 text-amber-100");

/** One Day card: its name, its icon and the Votes it adds; a button when `onPick` is given. */
export function CardFace({ card, size = "lg", selected, disabled, onPick }: { card: Card; size?: "sm" | "lg"; selected?: boolean; disabled?: boolean; onPick?: (e: MouseEvent) => void }) {
  const t = useTranslations("cw");
  const votes = votesOf(card);
  const icon = ICON[iconOf(card)];
  if (size === "sm")
    return (
      <span className={`inline-flex items-center gap-0.5 rounded border px-1 text-[0.7rem] leading-4 font-semibold ${tone(card)}`} data-testid="front-card" data-kind={card.kind}>
        {icon && <span aria-hidden="true">{icon}</span>}
        {t(`card.${card.kind}.name`)}
        {votes > 0 && <span>+{votes}</span>}
      </span>
    );
  const body = (
    <>
      <span className="flex w-full items-start justify-between gap-1">
        <span className="text-lg leading-none" aria-hidden="true">
          {icon || "✦"}
        </span>
        {votes > 0 && <span className="rounded-full bg-black/30 px-1.5 text-sm font-extrabold">+{votes}</span>}
      </span>
      <span className="w-full text-base leading-tight font-extrabold">{t(`card.${card.kind}.name`)}</span>
      <span className="w-full text-xs leading-snug opacity-90">{t(`card.${card.kind}.help`)}</span>
    </>
  );
  const cls = `flex min-h-36 w-full flex-col items-start gap-1.5 rounded-2xl border-2 p-3 text-left shadow-md transition ${tone(card)} ${selected ? "-translate-y-1 ring-4 ring-accent" : ""}`;
  if (!onPick)
    return (
      <div className={cls} data-testid="card" data-kind={card.kind}>
        {body}
      </div>
    );
  return (
    <button type="button" className={`${cls} disabled:opacity-60`} aria-pressed={selected === true} disabled={disabled} onClick={onPick} data-testid="hand-card" data-card={card.id} data-kind={card.kind}>
      {body}
    </button>
  );
}
