// Translations in server components without next-intl's request-config plugin: the locale comes
// from the same cookie the root layout reads.
import { cookies } from "next/headers";
import { createTranslator } from "next-intl";
import { localeCookie, resolveLocale } from "./config";
import { messagesFor } from "./messages";

export async function getTranslator() {
  const locale = resolveLocale((await cookies()).get(localeCookie)?.value);
  return createTranslator({ locale, messages: messagesFor(locale) });
}
