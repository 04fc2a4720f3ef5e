"use client";
import { useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import { AttendanceBadge, BotBadge } from "@/components/ui/member-badges";
import { SeatGrid } from "../game/seat-grid";
import { SCENES } from "@/lib/client/witch-hunt/choices";
import { useWh } from "./context";
import { sideOf } from "@/lib/game/witch-hunt/winners";

/**
 * Every seat in seat order (WH-R30): frog or expelled (public, WH-R25, WH-P7), the Chief, who has
 * tapped in a confirm step (public), who the host marked Absent (public, WH-P12), and — for a witch or the Crow while the role card is shown —
 * who the witches are; every role at the end.
 */
export function WhSeats({ witchesShown }: { witchesShown: boolean }) {
  const { view, me, player, isHost } = useWh();
  const t = useTranslations("wh");
  const tg = useTranslations("game");
  const ended = view.phase === "ended";
  const tapping = SCENES.includes(view.phase) || view.phase === "discussion";
  return (
    // Tiles open as card-werewolf/table.tsx's do (seat, player, facts); what each shows is this mode's.
    <SeatGrid idPrefix="wh">
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-3" data-testid="player-grid">
        {view.players.map((id, seat) => {
          const p = player(id);
          const form = view.form[id];
          const role = view.roles?.[id];
          const witch = !ended && witchesShown && view.witches.includes(id);
          return (
            <li
              key={id}
              className={`relative flex min-w-0 flex-col items-center gap-1 rounded-xl border p-2 text-center ${form === "human" ? "border-line bg-surface" : "border-transparent bg-surface-2"} ${id === me ? "ring-2 ring-accent" : ""}`}
              data-testid="tile"
              data-player={id}
              data-me={id === me ? "true" : undefined}
              data-form={form}
              data-bot={p.isBot ? "true" : undefined}
              data-role={role}
            >
              <span className="absolute top-1 left-1.5 text-[0.7rem] text-muted tabular-nums">{seat + 1}</span>
              <Avatar appearance={p.appearance} seed={id} size={44} dead={form === "expelled"} />
              <span className={`w-full text-sm leading-tight font-semibold wrap-anywhere ${form === "expelled" ? "line-through" : ""}`}>{p.name}</span>
              <span className="flex flex-wrap justify-center gap-1 text-xs">
                {id === me && <span className="text-muted">{tg("you")}</span>}
                {form === "frog" && <span className="font-semibold text-ok">{t("frog")}</span>}
                {form === "expelled" && <span className="font-semibold text-danger">{t("expelled")}</span>}
                {view.chief === id && !ended && <span className="rounded-full bg-accent px-1.5 font-semibold text-on-accent">{t("chief")}</span>}
                {view.proposal?.includes(id) && !ended && <span className="rounded-full border border-accent px-1.5 font-semibold text-accent">{t("member")}</span>}
                {witch && <span className="font-semibold text-wolf">{t("role.witch.name")}</span>}
              </span>
              {tapping && view.done.includes(id) && (
                <span className="inline-flex items-center gap-0.5 rounded-full bg-accent px-1.5 text-[0.7rem] leading-4 font-semibold text-on-accent" data-testid="done-mark">
                  <span aria-hidden="true">✓</span>
                  {t("tapped")}
                </span>
              )}
              {(p.isBot || view.absent.includes(id) || (isHost && id !== me && !ended && p.offline)) && (
                <span className="flex flex-wrap justify-center gap-1">
                  {p.isBot && <BotBadge />}
                  {!ended && <AttendanceBadge name={p.name} absent={view.absent.includes(id)} missedTurns={0} offline={isHost && id !== me && p.offline} absentHint={t("absentBadge", { name: p.name })} />}
                </span>
              )}
              {role && (
                <span className={`text-xs font-semibold ${sideOf(role) === "witches" ? "text-wolf" : sideOf(role) === "clown" ? "text-accent" : "text-village"}`}>{t(`role.${role}.name`)}</span>
              )}
            </li>
          );
        })}
      </ul>
    </SeatGrid>
  );
}
