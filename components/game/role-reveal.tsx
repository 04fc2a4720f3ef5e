"use client";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { useNameList } from "@/lib/client/use-name-list";
import { usePhaseTitle, useRoleText } from "./labels";
import { isNight } from "./theme";
import { useGameCtx } from "./game-context";
import { RoleIcon } from "./role-icon";
import { Skyline } from "./skyline";
import css from "./moments.module.css";

/**
 * The game opens on a face-down card; a tap turns it over: the role, what it does in a sentence,
 * the fellow wolves or the lover. Purely the client's: every player sees the same screen for as
 * long as they like, and nothing is sent, so nobody learns anything from it.
 */
export function RoleReveal({ onDone }: { onDone: () => void }) {
  const { view, me, player } = useGameCtx();
  const t = useTranslations("moments");
  const tg = useTranslations("game");
  const tt = useTranslations("teams");
  const list = useNameList();
  const { role: roleName } = useRoleText();
  const phaseTitle = usePhaseTitle()(view).title;
  const [flipped, setFlipped] = useState(false);
  const cardRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cardRef.current?.focus(), []);
  const role = view.myRole ?? "villager";
  const wolf = role === "wolf";
  const mates = wolf ? view.wolves.filter((w) => w !== me) : [];
  const partner = view.lovers?.includes(me) ? view.lovers.find((p) => p !== me) : undefined;

  return (
    <div className={`${css.overlay} ${css.night}`} data-theme="night" role="dialog" aria-modal="true" aria-labelledby="reveal-title" data-moment="reveal" data-testid="role-reveal">
      <Skyline className={css.skyline} />
      <div className={`text-center ${css.up}`}>
        <p className="text-sm font-bold tracking-[0.2em] text-accent uppercase">{phaseTitle}</p>
        <h2 id="reveal-title" className="mt-1 text-3xl font-extrabold sm:text-4xl">
          {t("revealTitle")}
        </h2>
        <p className="mx-auto mt-2 max-w-xs text-sm text-muted">{flipped ? t("revealKeep") : t("revealHint")}</p>
      </div>
      <div className={css.stage}>
        <button ref={cardRef} type="button" className={css.card} aria-pressed={flipped} title={flipped ? t("flipBack") : undefined} onClick={() => setFlipped((f) => !f)} data-testid="reveal-card">
          <span className={`${css.face} ${css.back}`} aria-hidden={flipped}>
            <svg width="96" height="96" viewBox="0 0 24 24" className={css.twinkle} aria-hidden="true">
              <path d="M15 3a9 9 0 1 0 6 15A7 7 0 0 1 15 3z" fill="var(--accent)" />
            </svg>
            <span className="text-2xl font-extrabold tracking-wide text-accent">Ma Sói</span>
            <span className="rounded-full border border-line bg-surface px-3 py-1 text-sm font-semibold">{t("tapToFlip")}</span>
          </span>
          <span className={`${css.face} ${css.front} ${wolf ? css.wolfFace : ""}`} aria-hidden={!flipped}>
            {flipped && (
              <>
                <RoleIcon role={role} size={88} />
                <span className="text-sm text-muted">{t("youAre")}</span>
                <span className={`text-3xl leading-tight font-extrabold ${css.name}`} data-testid="reveal-role" data-role={role}>
                  {roleName(role)}
                </span>
                <span className={`rounded-full border px-3 py-0.5 text-sm font-bold ${wolf ? "border-wolf text-wolf" : "border-village text-village"}`}>
                  {wolf ? tt("wolves") : tt("village")}
                </span>
                <span className="text-base leading-snug">{t(`line.${role}`)}</span>
                {mates.length > 0 && (
                  <span className={`text-sm font-semibold text-wolf ${css.name}`} data-testid="reveal-mates">
                    {tg("teammates", { names: list(mates.map((m) => player(m).name)) })}
                  </span>
                )}
                {partner && <span className={`text-sm font-semibold ${css.name}`}>{tg("partner", { name: player(partner).name })}</span>}
              </>
            )}
          </span>
        </button>
      </div>
      <button type="button" className={`btn btn-primary min-w-56 text-lg ${flipped ? css.appear : "invisible"}`} onClick={onDone} data-testid="reveal-continue">
        {isNight(view.phase) ? t("toNight") : t("continue")}
      </button>
    </div>
  );
}
