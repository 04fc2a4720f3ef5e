import type { Metadata } from "next";
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { messagesFor } from "@/lib/i18n/messages";
import { getLocale, getTranslator } from "@/lib/i18n/server";
import "./globals.css";

/** The page's title and description in the visitor's language (the description is what link previews show). */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator();
  return { title: t("app.title"), description: t("app.tagline") };
}
export const viewport = { width: "device-width", initialScale: 1, themeColor: "#0b1020" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
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
