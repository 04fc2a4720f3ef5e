"use client";
import { useTranslations } from "next-intl";

/** Marks a seat played by the server's bot (docs/api.md "Bots"): everyone may know who is a bot. */
export function BotBadge() {
  const t = useTranslations("common");
  return (
    <span className="inline-block shrink-0 rounded-md whitespace-nowrap border border-line px-1 text-[0.7rem] leading-4 font-semibold tracking-wide text-muted uppercase in-[.btn-primary]:text-current" data-testid="bot-badge">
      {t("bot")}
    </span>
  );
}

/**
 * Attendance for the host (docs/robustness.md): "absent" after missed public turns, "offline"
 * without a realtime stream. Bots never hold a stream, so they are never shown offline. A mode
 * whose Absent means something else (Catch the Witch's host mark) says so in `absentHint`.
 */
export function AttendanceBadge({ name, absent, missedTurns, offline, absentHint }: { name: string; absent: boolean; missedTurns: number; offline: boolean; absentHint?: string }) {
  const t = useTranslations("common");
  const tl = useTranslations("lobby");
  if (!absent && !offline) return null;
  const label = absent ? t("absent") : t("offline");
  const hint = absent ? (absentHint ?? tl("absentHint", { name, count: missedTurns })) : tl("offlineHint", { name });
  return (
    <span
      className="inline-block shrink-0 rounded-md whitespace-nowrap bg-danger-bg px-1 text-[0.7rem] leading-4 font-semibold text-danger"
      title={hint}
      data-testid={absent ? "absent-badge" : "offline-badge"}
    >
      {label}
      <span className="sr-only">: {hint}</span>
    </span>
  );
}
