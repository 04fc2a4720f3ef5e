"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { NameForm } from "@/components/landing/name-form";
import type { RoomPreview } from "@/lib/client/room-types";
import { ErrorNote } from "@/components/ui/error-note";

/**
 * What someone who opened `/r/CODE` and is not a member sees (issue 22 item 6): who is in the room,
 * live (the preview is read again every few seconds), and — while a game runs — that it does,
 * before any name is asked, with a choice to watch it or wait for the next game. A waiter's page
 * moves on to "Join" by itself when the room is back in the lobby.
 */
export function InviteScreen({
  preview,
  signedIn,
  error,
  onJoin,
}: {
  preview: RoomPreview;
  signedIn: boolean;
  error: string | null;
  /** Signs in with `name` first when given and needed, then joins (`watch`: as a spectator). */
  onJoin: (opts: { name?: string; watch: boolean }) => Promise<void>;
}) {
  const t = useTranslations("invite");
  const [choice, setChoice] = useState<"watch" | "wait" | null>(null);
  const { room, members } = preview;
  const running = room.gameRunning;
  // Results on screen (game over, not yet "Play again"): nothing to watch, only the next game.
  const waiting = room.status !== "lobby" && (!running || choice === "wait");

  const joinForm = (watch: boolean) =>
    signedIn && !error ? (
      <button type="button" className="btn btn-primary" onClick={() => void onJoin({ watch })} data-testid="join-room">
        {t("join")}
      </button>
    ) : (
      <NameForm submitLabel={watch ? t("watch") : t("join")} onSubmit={(name) => onJoin({ name, watch })} />
    );

  return (
    <section className="card mx-auto flex w-full max-w-md flex-col gap-3" aria-labelledby="invite-title" data-testid="invite">
      <h1 id="invite-title" className="text-xl font-bold wrap-anywhere">
        {t("title", { code: room.code })}
      </h1>
      <div>
        <p className="font-semibold" data-testid="invite-count">
          {t("members", { count: members.length })}
        </p>
        {members.length > 0 && (
          <ul className="mt-1 flex flex-wrap gap-1" data-testid="invite-members">
            {members.map((m) => (
              <li key={m.displayName} className="max-w-full rounded-full bg-surface-2 px-2 py-0.5 text-sm wrap-anywhere">
                {m.displayName}
              </li>
            ))}
          </ul>
        )}
      </div>
      {room.status !== "lobby" && (
        <p className="rounded-xl border border-accent p-2 font-semibold" role="status" data-testid="invite-in-game">
          {running ? t("inGame") : t("gameOver")}
        </p>
      )}
      <ErrorNote error={error} />
      {room.status === "lobby" ? (
        joinForm(false)
      ) : waiting ? (
        <p className="text-muted" role="status" data-testid="invite-waiting">
          {t("waiting")}
        </p>
      ) : choice === "watch" ? (
        <>
          <p className="text-sm text-muted">{t("watchNote")}</p>
          {joinForm(true)}
        </>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <button
            type="button"
            className="btn btn-primary flex-1"
            disabled={!room.watchable}
            onClick={() => (signedIn && !error ? void onJoin({ watch: true }) : setChoice("watch"))}
            data-testid="invite-watch"
          >
            {t("watch")}
          </button>
          <button type="button" className="btn flex-1" onClick={() => setChoice("wait")} data-testid="invite-wait">
            {t("wait")}
          </button>
        </div>
      )}
    </section>
  );
}
