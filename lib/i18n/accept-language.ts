// The first visit's language (no cookie yet): the browser's Accept-Language, best quality first,
// matched on the primary subtag (zh-CN → zh, vi-VN → vi, en-US → en).
import { defaultLocale, locales, type Locale } from "./config";

export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  const ranked = (header ?? "")
    .split(",")
    .map((part, i) => {
      const [tag, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { lang: tag.split("-")[0], q: q ? Number(q[1]) : 1, i };
    })
    .filter((r) => r.q > 0 && !Number.isNaN(r.q))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  const hit = ranked.find((r) => (locales as readonly string[]).includes(r.lang));
  return hit ? (hit.lang as Locale) : defaultLocale;
}
