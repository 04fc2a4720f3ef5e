"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { api } from "@/lib/client/api";
import { useDateTime } from "@/lib/client/use-date-time";
import type { PastGame } from "@/lib/server/games/history";
import { uiOf } from "../modes";

/**
 * The lobby's "Earlier games" (issue 22 item 9): the room's ended games this member may read
 * (RLS: those they were there for), newest first, each a link to its results page `/g/<id>`.
 * Read once when the lobby opens: a game ends only while the room is playing, and "play again"
 * brings everyone back here, remounting it. Nothing shows until there is a game to list.
 */
export function EarlierGames({ code }: { code: string }) {
  const t = useTranslations("history");
  const tm = useTranslations("modes");
  const when = useDateTime();
  const [games, setGames] = useState<PastGame[] | null>(null);
  useEffect(() => {
    let live = true;
    api<{ games: PastGame[] }>(`/api/rooms/${code}/games`)
      .then((r) => live && setGames(r.games))
      .catch(() => live && setGames([]));
    return () => {
      live = false;
    };
  }, [code]);
  if (!games?.length) return null;
  return (
    <section className="card flex flex-col gap-2" aria-labelledby="earlier-title" data-testid="earlier-games">
      <h2 id="earlier-title" className="text-lg font-bold">
        {t("earlier")}
      </h2>
      <ul className="flex flex-col gap-1">
        {games.map((g) => {
          const { PastOutcome: Outcome } = uiOf(g.mode);
          return (
            <li key={g.id}>
              <Link
                href={`/g/${g.id}`}
                className="flex items-center gap-3 rounded-lg px-2 py-2 odd:bg-surface-2 hover:bg-surface-2"
                data-testid="earlier-game"
                data-game={g.id}
                data-mode={g.mode}
                data-winner={g.endedByHost ? "none" : (g.winner ?? "draw")}
              >
                <span className="flex min-w-0 flex-1 flex-col">
                  <Outcome game={g}>
                    <span className="text-sm text-muted">
                      <time dateTime={new Date(g.endedAt).toISOString()}>{t("endedAt", { date: when(g.endedAt) })}</time>
                      {" · "}
                      {t("players", { count: g.players })}
                      {g.mode !== "werewolf" && ` · ${tm(`${g.mode as "werewolf"}.name`)}`}
                    </span>
                  </Outcome>
                </span>
                <span aria-hidden="true" className="shrink-0 text-xl text-muted">
                  ›
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
