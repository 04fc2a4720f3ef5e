"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

/**
 * The own role card of any mode: hidden until pressed so a neighbour can't read it (`children` is
 * what pressing shows), with `always` below it shown either way (a hand, a state).
 */
export function RoleCardFrame({ id, shown, onToggle, children, always }: { id: string; shown: boolean; onToggle: () => void; children: ReactNode; always?: ReactNode }) {
  const t = useTranslations("game");
  return (
    <section className="card flex flex-col gap-3" aria-labelledby={`${id}-title`} data-testid={id}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="font-bold">
          {t("yourRole")}
        </h2>
        <button type="button" className="btn btn-sm" aria-expanded={shown} aria-controls={`${id}-body`} onClick={onToggle} data-testid="role-toggle">
          {shown ? t("hide") : t("reveal")}
        </button>
      </div>
      <div id={`${id}-body`} hidden={!shown} data-testid="role-body">
        {shown && <div className="flex flex-col gap-1">{children}</div>}
      </div>
      {!shown && <p className="text-sm text-muted">{t("hiddenHint")}</p>}
      {always}
    </section>
  );
}
