"use client";
import { useLocale, useTranslations } from "next-intl";
import { useNameList } from "@/lib/client/use-name-list";
import type { ReactNode } from "react";
import { BotIcon } from "@/components/ui/avatar";
import { api } from "@/lib/client/api";
import { MAX_MEMBERS, type RoomMember, type RoomSettings, type RoomSnapshot } from "@/lib/client/room-types";
import { useBusy } from "@/lib/client/use-busy";
import { AppearancePicker } from "./appearance-picker";
import { EarlierGames } from "./earlier-games";
import { InvitePanel } from "./invite-panel";
import { ModePicker } from "./mode-picker";
import { RemovedList } from "./removed-list";
import { SeatList } from "./seat-list";
import { uiOf } from "../modes";
import { ErrorNote } from "@/components/ui/error-note";

function useStartBlocker(snap: RoomSnapshot, isHost: boolean): string | null {
  const t = useTranslations("lobby");
  const list = useNameList();
  const { members, room } = snap;
  if (!isHost) return t("reasonNotHost");
  const [lo, hi] = uiOf(room.settings.mode).playerCounts(room.settings);
  if (members.length < lo || members.length > hi) return t("reasonCount", { allowed: `${lo}–${hi}`, count: members.length });
  const notReady = members.filter((m) => !m.ready).map((m) => m.displayName);
  if (notReady.length) return t("reasonNotReady", { names: list(notReady) });
  return null;
}

export function Lobby({
  snap,
  onSnap,
  onLeft,
  refresh,
  inviteUrl,
  qr,
}: {
  snap: RoomSnapshot;
  onSnap: (s: RoomSnapshot) => void;
  onLeft: () => void;
  refresh: () => void;
  inviteUrl: string;
  qr: ReactNode;
}) {
  const t = useTranslations("lobby");
  const { busy, error, run } = useBusy();
  const { room, members } = snap;
  const meId = snap.me.userId;
  const me = members.find((m) => m.userId === meId);
  const isHost = room.hostId === meId;
  const blocker = useStartBlocker(snap, isHost);
  const ModeSettingsForm = uiOf(room.settings.mode).SettingsForm;
  const base = `/api/rooms/${room.code}`;

  // A new bot is named from the list of the language the host plays in (persona.ts).
  const locale = useLocale();
  const mutate = (path: string, body: unknown, method: "POST" | "PATCH" | "DELETE" = "POST") =>
    run(async () => onSnap(await api<RoomSnapshot>(`${base}/${path}`, method, body)));
  const hasFreeSeat = members.length < MAX_MEMBERS;

  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-4">
        <h1 className="text-2xl font-extrabold">{t("title", { code: room.code })}</h1>
        <SeatList
          members={members}
          meId={meId}
          isHost={isHost}
          busy={busy}
          onKick={(m: RoomMember) => mutate("kick", { userId: m.userId })}
          onRemoveBot={(m: RoomMember) => mutate(`bots/${encodeURIComponent(m.userId)}`, undefined, "DELETE")}
          onMakeHost={(m: RoomMember) => mutate("host", { userId: m.userId })}
        />
        {isHost && <RemovedList removed={snap.removed ?? []} busy={busy} onAllowBack={(p) => mutate("allow-back", { userId: p.userId })} />}
        {isHost && hasFreeSeat && (
          <section className="card flex flex-col gap-2" aria-labelledby="bots-title">
            <h2 id="bots-title" className="sr-only">
              {t("addBot")}
            </h2>
            <button type="button" className="btn" disabled={busy} onClick={() => mutate("bots", { locale })} data-testid="add-bot" aria-describedby="add-bot-hint">
              <BotIcon size={20} />
              {t("addBot")}
            </button>
            <p id="add-bot-hint" className="text-sm text-muted">
              {t("addBotHint")}
            </p>
          </section>
        )}
        <section className="card flex flex-col gap-3" aria-label={t("ready")}>
          <button
            type="button"
            className={me?.ready ? "btn" : "btn btn-primary"}
            aria-pressed={me?.ready ?? false}
            disabled={busy}
            onClick={() => mutate("ready", { ready: !me?.ready })}
            data-testid="ready-toggle"
          >
            {me?.ready ? t("setNotReady") : t("setReady")}
          </button>
          {isHost && (
            <button
              type="button"
              className="btn btn-primary text-lg"
              disabled={busy || blocker !== null}
              aria-describedby="start-hint"
              onClick={() => run(() => api(`${base}/start`, "POST", {}).then(refresh))}
              data-testid="start"
            >
              {t("start")}
            </button>
          )}
          <p id="start-hint" className="text-sm text-muted" data-testid="start-hint">
            {isHost ? (blocker ? t("startHint", { reason: blocker }) : t("allReadyHint")) : t("waitingForHost")}
          </p>
          <ErrorNote error={error} />
        </section>
        <section className="card">
          <AppearancePicker value={me?.appearance ?? null} disabled={busy} onChange={(a) => mutate("appearance", { appearance: a })} />
        </section>
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <InvitePanel code={room.code} inviteUrl={inviteUrl} qr={qr} />
        <EarlierGames code={room.code} />
        <ModePicker
          mode={room.settings.mode ?? "werewolf"}
          editable={isHost}
          onPick={async (mode) => onSnap(await api<RoomSnapshot>(`${base}/settings`, "PATCH", { mode }))}
        />
        <ModeSettingsForm
          key={room.settings.mode}
          settings={room.settings}
          editable={isHost}
          onSave={async (s: Partial<RoomSettings>) => onSnap(await api<RoomSnapshot>(`${base}/settings`, "PATCH", s))}
        />
        <button type="button" className="btn btn-ghost" onClick={() => run(async () => { await api(`${base}/leave`, "POST", {}); onLeft(); })}>
          {t("leave")}
        </button>
      </div>
    </div>
  );
}
