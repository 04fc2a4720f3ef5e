// next-intl's plugin needs a request configuration; server components translate through
// lib/i18n/server.ts, and this gives next-intl's own server APIs the same locale and messages.
import { getRequestConfig } from "next-intl/server";
import { messagesFor } from "@/lib/i18n/messages";
import { getLocale } from "@/lib/i18n/server";

export default getRequestConfig(async () => {
  const locale = await getLocale();
  return { locale, messages: messagesFor(locale), timeZone: "UTC" };
});
