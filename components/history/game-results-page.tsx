"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import type { PlayerInfo } from "@/components/game/game-context";
import { uiOf } from "@/components/modes";
import { api, ApiError } from "@/lib/client/api";
import { useDateTime } from "@/lib/client/use-date-time";
import { useErrorText } from "@/lib/client/use-error-text";
import type { getGame } from "@/lib/server/games/reads";
import { NotAvailable } from "./not-available";

type GameRead = Awaited<ReturnType<typeof getGame>>;

type Load =
  | { state: "loading" }
  | { state: "missing" }
  | { state: "error"; error: unknown }
  | { state: "ok"; game: GameRead; view: unknown };

/** Not signed in, not allowed and no such game all read as one: not available. */
const isMissing = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 401);

/**
 * `/g/<id>`: a past game's results board, read by the browser through the player reads (game row
 * and folded view), so RLS alone decides who sees it (issue 22 item 9).
 */
export function GameResultsPage({ gameId }: { gameId: string }) {
  const t = useTranslations("history");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const when = useDateTime();
  const [load, setLoad] = useState<Load>({ state: "loading" });

  useEffect(() => {
    let live = true;
    Promise.all([api<GameRead>(`/api/games/${gameId}`), api<{ view: unknown }>(`/api/games/${gameId}/view`)])
      .then(([game, { view }]) => live && setLoad({ state: "ok", game, view }))
      .catch((error: unknown) => live && setLoad(isMissing(error) ? { state: "missing" } : { state: "error", error }));
    return () => {
      live = false;
    };
  }, [gameId]);

  const player = useMemo<((id: string) => PlayerInfo) | null>(() => {
    if (load.state !== "ok") return null;
    const byId = new Map(load.game.players.map((p) => [p.userId, p]));
    return (id) => {
      const p = byId.get(id);
      return { name: p?.displayName ?? "?", appearance: p?.appearance ?? null, seed: id, isBot: p?.isBot ?? false, absent: false, missedTurns: 0, offline: false };
    };
  }, [load]);

  if (load.state === "loading") return <p className="card text-muted">{tc("loading")}</p>;
  if (load.state === "missing") return <NotAvailable />;
  if (load.state === "error")
    return (
      <p role="alert" className="card mx-auto max-w-md text-center">
        {errorText(load.error)}
      </p>
    );

  const { game } = load.game;
  const { PastResults } = uiOf(game.mode);
  const roomLink = game.roomCode ? (
    <Link href={`/r/${game.roomCode}`} className="btn" data-testid="back-to-room">
      <span aria-hidden="true">←</span> {t("backToRoom", { code: game.roomCode })}
    </Link>
  ) : (
    <Link href="/" className="btn">
      {t("home")}
    </Link>
  );
  return (
    <div className="flex flex-col gap-4" data-testid="game-history-page">
      <h1 className="sr-only">{t("pageTitle")}</h1>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {game.startedAt !== null && (
          <p className="text-sm text-muted" data-testid="played-on">
            <time dateTime={new Date(game.startedAt).toISOString()}>{t("playedOn", { date: when(game.startedAt) })}</time>
          </p>
        )}
        {roomLink}
      </div>
      {game.ended && player ? (
        <PastResults gameId={gameId} view={load.view} player={player} />
      ) : (
        <p className="card text-center" data-testid="still-playing">
          {t("stillPlaying")}
        </p>
      )}
    </div>
  );
}
