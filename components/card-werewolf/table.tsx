"use client";
import { useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import { AttendanceBadge, BotBadge } from "@/components/ui/member-badges";
import { SeatGrid } from "../game/seat-grid";
import { DEATH_VOTES } from "@/lib/client/card-werewolf/choices";
import { sideOf } from "@/lib/game/card-werewolf/winners";
import { CardFace } from "./card-face";
import { useCw } from "./context";

/** Votes toward 7 (CW-R18, CW-R19) as a bar of 7 pips. */
function VoteBar({ n, label }: { n: number; label: string }) {
  return (
    <span className="flex w-full items-center gap-1" role="img" aria-label={label} data-testid="votes" data-votes={n}>
      <span className="flex flex-1 gap-0.5">
        {Array.from({ length: DEATH_VOTES }, (_, i) => (
          <span key={i} className={`h-1.5 flex-1 rounded-full ${i < n ? (n >= DEATH_VOTES - 2 ? "bg-danger" : "bg-accent") : "bg-line"}`} />
        ))}
      </span>
      <span className="text-xs font-bold tabular-nums">
        {n}/{DEATH_VOTES}
      </span>
    </span>
  );
}

/**
 * Every seat in seat order (clockwise, CW-R11): whose turn it is, the cards in front of each player
 * with their Vote total toward 7, Moon and Cursed tokens, an unspent Ban, deaths and the GM label
 * (all public, section 11); for the Werewolf team while the role card is open, its members; for the
 * GM, later dead players' roles (CW-R23); every role at the end.
 */
export function CwTable({ wolvesShown, targets, onTarget }: { wolvesShown: boolean; targets?: string[]; onTarget?: (id: string) => void }) {
  const { view, me, player, isHost } = useCw();
  const t = useTranslations("cw");
  const tg = useTranslations("game");
  const ended = view.phase === "ended";
  return (
    <SeatGrid idPrefix="cw">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="player-grid">
        {view.players.map((id, seat) => {
          const p = player(id);
          const alive = view.alive[id];
          const role = view.roles?.[id] ?? (view.gm === me ? view.deadRoles[id] : undefined);
          const wolf = !ended && wolvesShown && view.wolves.includes(id);
          const front = view.front[id] ?? [];
          const moon = view.moons[id];
          const target = alive && targets?.includes(id) === true && onTarget !== undefined;
          return (
            <li
              key={id}
              className={`relative flex min-w-0 flex-col gap-1 rounded-xl border p-2 ${alive ? "border-line bg-surface" : "border-transparent bg-surface-2 opacity-75"} ${view.turn === id && !ended ? "ring-2 ring-accent" : id === me ? "ring-1 ring-accent/60" : ""}`}
              data-testid="tile"
              data-player={id}
              data-me={id === me ? "true" : undefined}
              data-alive={alive ? "true" : "false"}
              data-turn={view.turn === id ? "true" : undefined}
              data-bot={p.isBot ? "true" : undefined}
              data-role={role}
              data-drop={target ? id : undefined}
            >
              <div className="flex min-w-0 items-center gap-2">
                <span className="relative shrink-0">
                  <Avatar appearance={p.appearance} seed={id} size={36} dead={!alive} />
                  <span className="absolute -top-1 -left-1 rounded-full bg-surface-2 px-1 text-[0.65rem] text-muted tabular-nums">{seat + 1}</span>
                </span>
                <span className={`min-w-0 flex-1 text-sm leading-tight font-semibold wrap-anywhere ${alive ? "" : "line-through"}`}>{p.name}</span>
              </div>
              <span className="flex flex-wrap gap-1 text-[0.7rem] leading-4">
                {id === me && <span className="text-muted">{tg("you")}</span>}
                {view.turn === id && !ended && <span className="rounded-full bg-accent px-1.5 font-semibold text-on-accent">{t("turnMark")}</span>}
                {view.seer === id && !ended && <span className="rounded-full border border-accent px-1.5 font-semibold text-accent">{t("seerPower")}</span>}
                {!alive && <span className="font-semibold text-danger">{t("dead")}</span>}
                {view.gm === id && (
                  <span className="rounded-full border border-line px-1.5 font-semibold" data-testid="gm-label">
                    {t("gm")}
                  </span>
                )}
                {moon && (
                  <span className="rounded-full border border-line px-1.5 font-semibold" data-testid="moon" data-moon={moon} title={t(`moon.${moon}.help`)}>
                    <span aria-hidden="true">{moon === "full" ? "●" : "◐"}</span> {t(`moon.${moon}.name`)}
                  </span>
                )}
                {view.cursed.includes(id) && (
                  <span className="rounded-full border border-danger px-1.5 font-semibold text-danger" data-testid="cursed" title={t("cursedHelp")}>
                    ✶ {t("cursed")}
                  </span>
                )}
                {view.banned.includes(id) && !ended && (
                  <span className="font-semibold text-danger" data-testid="banned">
                    {t("banned")}
                  </span>
                )}
                {wolf && <span className="font-semibold text-wolf">{t(view.traitor === id ? "role.traitor.name" : "role.werewolf.name")}</span>}
                {p.isBot && <BotBadge />}
                {!ended && isHost && id !== me && p.offline && <AttendanceBadge name={p.name} absent={false} missedTurns={0} offline />}
              </span>
              {alive && !ended && view.day > 0 && <VoteBar n={view.votes[id] ?? 0} label={t("votesOf", { n: view.votes[id] ?? 0, of: DEATH_VOTES })} />}
              {front.length > 0 && !ended && (
                <span className="flex flex-wrap gap-0.5" data-testid="front">
                  {front.map((c) => (
                    <CardFace key={c.id} card={c} size="sm" />
                  ))}
                </span>
              )}
              {role && (
                <span className={`text-xs font-semibold ${sideOf(role) === "werewolves" ? "text-wolf" : "text-village"}`} data-testid="tile-role">
                  {t(`role.${role}.name`)}
                </span>
              )}
              {target && (
                <button type="button" className="btn btn-sm btn-primary mt-1" onClick={() => onTarget(id)} data-testid="tile-target" data-target={id}>
                  {t("playHere")}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </SeatGrid>
  );
}
