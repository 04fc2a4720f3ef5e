import type { ReactNode } from "react";
import { cookies } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { localeCookie, resolveLocale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import "./globals.css";

export const metadata = { title: "Ma Sói", description: "Online Werewolf with friends" };
export const viewport = { width: "device-width", initialScale: 1, themeColor: "#0b1020" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = resolveLocale((await cookies()).get(localeCookie)?.value);
  return (
    <html lang={locale}>
      <body>
        {/* Only the chosen language's messages are sent to the browser. No date formatting is
            locale-dependent on the server, so a fixed time zone keeps renders identical. */}
        <NextIntlClientProvider locale={locale} messages={messagesFor(locale)} timeZone="UTC" formats={{}} now={new Date(0)}>
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
