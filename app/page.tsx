import { getTranslator } from "@/lib/i18n/server";
import { Landing } from "@/components/landing/landing";
import { HowToPlay } from "@/components/landing/how-to-play";
import { TopBar } from "@/components/ui/top-bar";

export default async function Home() {
  const t = await getTranslator();
  return (
    <div className="themed" data-theme="night">
      <a href="#main" className="sr-only-focusable btn absolute left-2 top-2 z-50">
        {t("app.skip")}
      </a>
      <TopBar title={t("app.title")} />
      <main id="main" className="mx-auto grid w-full max-w-5xl gap-4 px-4 py-6 md:grid-cols-2">
        <div className="flex flex-col gap-4">
          <div>
            <h1 className="text-3xl font-extrabold">{t("app.title")}</h1>
            <p className="mt-1 text-muted">{t("app.tagline")}</p>
          </div>
          <Landing />
        </div>
        <HowToPlay />
      </main>
    </div>
  );
}
