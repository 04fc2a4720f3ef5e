"use client";
import { useTranslations } from "next-intl";
import type { MouseEvent, PointerEvent } from "react";
import { iconOf, votesOf } from "@/lib/client/card-werewolf/choices";
import type { Card } from "@/lib/game/card-werewolf/types";

const ICON = { sun: "☀", moon: "☾", none: "" } as const;

/** A card's colours: Votes gold, the moon card night blue, effects (no icon) purple (CW-R3). */
const tone = (c: Card) => (iconOf(c) === "moon" ? "border-sky-400 bg-sky-950 text-sky-100" : iconOf(c) === "none" ? "border-fuchsia-400 bg-fuchsia-950 text-fuchsia-100" : "border-amber-400 bg-amber-950 text-amber-100");

/** Pointer handlers that let a hand card be dragged onto a player (use-card-drag.ts). */
export interface DragProps {
  onPointerDown: (e: PointerEvent<HTMLElement>) => void;
  onPointerMove: (e: PointerEvent<HTMLElement>) => void;
  onPointerUp: (e: PointerEvent<HTMLElement>) => void;
  onPointerCancel: () => void;
  onClickCapture: (e: MouseEvent) => void;
}

/** One Day card: its name, its icon and the Votes it adds; a button when `onPick` is given, draggable with `drag`. */
export function CardFace({ card, size = "lg", selected, disabled, onPick, drag }: { card: Card; size?: "sm" | "lg"; selected?: boolean; disabled?: boolean; onPick?: (e: MouseEvent) => void; drag?: DragProps }) {
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
    <button
      type="button"
      // A draggable card keeps the finger's moves to itself (no page pan); while dragged it floats above the page.
      className={`${cls} disabled:opacity-60 ${drag ? "touch-none select-none data-[dragging=true]:relative data-[dragging=true]:z-40 data-[dragging=true]:opacity-90 data-[dragging=true]:shadow-2xl data-[dragging=true]:transition-none" : ""}`}
      aria-pressed={selected === true}
      disabled={disabled}
      onClick={onPick}
      {...drag}
      data-testid="hand-card"
      data-card={card.id}
      data-kind={card.kind}
      data-drag={drag ? "true" : undefined}
    >
      {body}
    </button>
  );
}
