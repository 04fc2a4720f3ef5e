// Translations in server components without next-intl's request-config plugin: the locale comes
// from the cookie the language switcher sets, else (a first visit) from Accept-Language.
import { cookies, headers } from "next/headers";
import { createTranslator } from "next-intl";
import { localeFromAcceptLanguage } from "./accept-language";
import { localeCookie, resolveLocale, type Locale } from "./config";
import { messagesFor } from "./messages";

/** The visitor's language: an explicit choice (its cookie) wins over the browser's preference. */
export async function getLocale(): Promise<Locale> {
  const chosen = (await cookies()).get(localeCookie)?.value;
  if (chosen) return resolveLocale(chosen);
  return localeFromAcceptLanguage((await headers()).get("accept-language"));
}

export async function getTranslator() {
  const locale = await getLocale();
  return createTranslator({ locale, messages: messagesFor(locale) });
}
