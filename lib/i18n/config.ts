// Which languages the UI speaks and how the choice is remembered (a cookie, so the server renders
// the right language on the first byte and nothing flashes).
export const locales = ["vi", "en", "zh"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "vi";
export const localeCookie = "ms_locale";
/** Names shown in the language picker, each in its own language. */
export const localeNames: Record<Locale, string> = { vi: "Tiếng Việt", en: "English", zh: "中文" };

export function resolveLocale(value: string | undefined | null): Locale {
  return (locales as readonly string[]).includes(value ?? "") ? (value as Locale) : defaultLocale;
}
