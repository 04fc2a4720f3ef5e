"use client";
import { useTranslations } from "next-intl";

/** A table mode's seats (`children`: its grid of tiles) under a heading only screen readers show. */
export function SeatGrid({ idPrefix, children }: { idPrefix: string; children: React.ReactNode }) {
  const t = useTranslations("game");
  return (
    <section aria-labelledby={`${idPrefix}-players-title`}>
      <h2 id={`${idPrefix}-players-title`} className="sr-only">
        {t("players")}
      </h2>
      {children}
    </section>
  );
}
