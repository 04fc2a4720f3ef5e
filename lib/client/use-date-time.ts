"use client";
import { useLocale } from "next-intl";
import { useMemo } from "react";

/**
 * A moment as a date and time in the reader's language and time zone. Only for what the browser
 * renders after a fetch: the server renders with a fixed time zone (app/layout.tsx).
 */
export function useDateTime(): (ms: number) => string {
  const locale = useLocale();
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
    return (ms: number) => f.format(ms);
  }, [locale]);
}
