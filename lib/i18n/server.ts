// Translations in server components without next-intl's request-config plugin: the locale comes
// from the cookie the language switcher sets.
import { cookies } from "next/headers";
import { createTranslator } from "next-intl";
import { localeCookie, resolveLocale, type Locale } from "./config";
import { messagesFor } from "./messages";

/** The visitor's language, from its cookie (or the default). */
export async function getLocale(): Promise<Locale> {
  return resolveLocale((await cookies()).get(localeCookie)?.value);
}

export async function getTranslator() {
  const locale = await getLocale();
  return createTranslator({ locale, messages: messagesFor(locale) });
}
