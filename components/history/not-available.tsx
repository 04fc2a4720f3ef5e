import Link from "next/link";
import { useTranslations } from "next-intl";

/**
 * What `/g/<id>` shows to anyone who may not read that game, and for a game that does not exist:
 * the same words either way (the API answers both with the same 404), so it tells nothing.
 */
export function NotAvailable() {
  const t = useTranslations("history");
  return (
    <section role="alert" className="card mx-auto flex w-full max-w-md flex-col items-center gap-3 text-center" data-testid="game-not-available">
      <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M15 3a9 9 0 1 0 6 15A7 7 0 0 1 15 3z" fill="var(--muted)" />
      </svg>
      <h1 className="text-xl font-bold">{t("notAvailableTitle")}</h1>
      <p className="text-muted">{t("notAvailableText")}</p>
      <Link href="/" className="btn btn-primary">
        {t("home")}
      </Link>
    </section>
  );
}
