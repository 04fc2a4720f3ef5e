"use client";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useTransition } from "react";
import { localeCookie, localeNames, locales } from "@/lib/i18n/config";

/** Stores the choice in a cookie (one year) and re-renders on the server in that language. */
export function LanguageSwitcher() {
  const t = useTranslations("common");
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const [pending, start] = useTransition();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t("language")}
      </label>
      <select
        id={id}
        className="field !min-h-9 !w-auto !py-1 text-sm"
        value={locale}
        disabled={pending}
        data-testid="language"
        onChange={(e) => {
          document.cookie = `${localeCookie}=${e.target.value}; path=/; max-age=31536000; samesite=lax`;
          start(() => router.refresh());
        }}
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {localeNames[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
