"use client";
import { useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import { AttendanceBadge, BotBadge } from "@/components/ui/member-badges";
import { ConfirmAction } from "@/components/ui/confirm-action";
import type { RoomMember } from "@/lib/client/room-types";

export function SeatList({
  members,
  meId,
  isHost,
  busy,
  onKick,
  onRemoveBot,
  onMakeHost,
}: {
  members: RoomMember[];
  meId: string;
  isHost: boolean;
  busy?: boolean;
  onKick: (m: RoomMember) => void;
  onRemoveBot: (m: RoomMember) => void;
  onMakeHost: (m: RoomMember) => void | Promise<void>;
}) {
  const t = useTranslations("lobby");
  const th = useTranslations("host");
  const tc = useTranslations("common");
  return (
    <section className="card" aria-labelledby="seats-title">
      <h2 id="seats-title" className="mb-2 text-lg font-bold">
        {t("players", { count: members.length })}
      </h2>
      <ul className="flex flex-col gap-1" data-testid="seat-list">
        {members.map((m) => (
          <li
            key={m.userId}
            className="flex min-h-12 flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-2 py-1 odd:bg-surface-2"
            data-testid="seat"
            data-user={m.userId}
            data-bot={m.isBot ? "true" : undefined}
          >
            <Avatar appearance={m.appearance} seed={m.userId} size={36} />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-x-2">
                <span className="min-w-0 font-semibold wrap-anywhere">{m.displayName}</span>
                {m.isBot && <BotBadge />}
                {m.userId === meId && <span className="text-sm font-normal text-muted">({tc("you")})</span>}
              </span>
              <span className="flex items-center gap-2">
                {m.isHost && <span className="text-xs text-accent">{t("host")}</span>}
                {isHost && m.userId !== meId && (
                  <AttendanceBadge name={m.displayName} absent={m.absent === true} missedTurns={m.missedTurns ?? 0} offline={!m.isBot && m.connected === false} />
                )}
              </span>
            </span>
            <span className={`shrink-0 text-sm ${m.ready ? "font-semibold text-ok" : "text-muted"}`} data-testid={m.ready ? "is-ready" : "not-ready"}>
              {m.ready ? `✓ ${t("ready")}` : t("notReady")}
            </span>
            {isHost && m.userId !== meId && (
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                disabled={busy}
                onClick={() => (m.isBot ? onRemoveBot(m) : onKick(m))}
                data-testid={m.isBot ? "remove-bot" : "kick"}
              >
                {/* The visible word starts the accessible name (WCAG 2.5.3), the name tells whom. */}
                {m.isBot ? t("removeBotShort") : t("kickShort")}
                <span className="sr-only"> {m.displayName}</span>
              </button>
            )}
            {isHost && m.userId !== meId && !m.isBot && (
              // Passing the role is not undone by the one who passed it: asked once more.
              <div className="flex basis-full justify-end">
                <ConfirmAction
                  label={
                    <>
                      {th("makeHost")}
                      <span className="sr-only"> {m.displayName}</span>
                    </>
                  }
                  question={th("makeHostConfirm", { name: m.displayName })}
                  yes={th("confirmYes")}
                  yesClassName="btn btn-primary"
                  className="btn btn-sm btn-ghost"
                  busy={busy}
                  onConfirm={() => onMakeHost(m)}
                  testId="make-host"
                />
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
