import type { Metadata } from "next";
import { GameResultsPage } from "@/components/history/game-results-page";
import { TopBar } from "@/components/ui/top-bar";
import { getTranslator } from "@/lib/i18n/server";

/**
 * A past game's results at a stable address (issue 22 item 9). The HTML is the same for every id,
 * readable or not, existing or not: the board is read by the browser under the reader's RLS.
 */
export default async function GamePage({ params }: { params: Promise<{ id: string }> }) {
  const id = (await params).id.toLowerCase().replace(/[^0-9a-f-]/g, "").slice(0, 36);
  const t = await getTranslator();
  return (
    <div className="themed" data-theme="night">
      <TopBar title={t("app.title")} />
      <main id="main" className="mx-auto w-full max-w-3xl px-4 py-4">
        <GameResultsPage gameId={id} />
      </main>
    </div>
  );
}

/**
 * A shared link previews as "Game results" and nothing more: no winner, name or role, which only
 * those who were there may read (and a crawler never is).
 */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator();
  const title = t("history.pageTitle");
  const description = t("history.pageDescription");
  return {
    title: `${title} · ${t("app.title")}`,
    description,
    robots: { index: false, follow: false },
    openGraph: { title, description, type: "website", siteName: t("app.title") },
    twitter: { card: "summary", title, description },
  };
}
