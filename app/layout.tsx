import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { messagesFor } from "@/lib/i18n/messages";
import { getLocale, getTranslator } from "@/lib/i18n/server";
import "./globals.css";

/**
 * The page's title and description in the visitor's language (the description is what link
 * previews show). Link previews need absolute image addresses: the base is the address asked for.
 */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator();
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") ?? "http";
  return { title: t("app.title"), description: t("app.tagline"), metadataBase: URL.parse(`${proto}://${host}`) };
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
