"use client";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { momentOf, type Moment } from "@/lib/client/werewolf/moments";
import { Avatar } from "@/components/ui/avatar";
import { recall, remember } from "./device-memory";
import { useGameCtx } from "./game-context";
import { Skyline } from "./skyline";
import css from "./moments.module.css";

const LEAVE_MS = 250;
const showFor = (m: Moment) => ((m.kind === "dawn" ? m.dead.length : m.others.length + (m.vote?.out ? 1 : 0)) > 0 ? 2600 : 2000);

/**
 * Night falls / day breaks: a short full-screen moment when the game crosses from one to the
 * other, with the public news (who died, names only; the vote's outcome). It goes by itself or on
 * a tap; a device remembers the last one it showed, so a reload never shows it again.
 */
export function PhaseTransition({ paused }: { paused: boolean }) {
  const { view, gameId } = useGameCtx();
  const moment = momentOf(view);
  const storeKey = `moment:${gameId}`;
  // A device that has shown nothing yet starts where the game is: its first moment is the reveal.
  const [seen, setSeen] = useState(() => recall(storeKey) ?? moment?.key ?? null);
  const [active, setActive] = useState<Moment | null>(null);
  const [leaving, setLeaving] = useState(false);
  if (moment && !paused && moment.key !== seen) {
    // Derived in render so the new phase and its moment reach the screen in the same frame.
    setSeen(moment.key);
    setActive(moment);
    setLeaving(false);
  }
  useEffect(() => {
    if (seen) remember(storeKey, seen);
  }, [storeKey, seen]);
  useEffect(() => {
    if (!active) return;
    const id = setTimeout(() => setLeaving(true), showFor(active));
    return () => clearTimeout(id);
  }, [active]);
  useEffect(() => {
    if (!leaving) return;
    const id = setTimeout(() => {
      setActive(null);
      setLeaving(false);
    }, LEAVE_MS);
    return () => clearTimeout(id);
  }, [leaving]);
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" || e.key === "Enter" || e.key === " ") setLeaving(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [active]);

  if (!active) return null;
  return <MomentScreen moment={active} leaving={leaving} onTap={() => setLeaving(true)} />;
}

function MomentScreen({ moment, leaving, onTap }: { moment: Moment; leaving: boolean; onTap: () => void }) {
  const t = useTranslations("moments");
  const tp = useTranslations("phase");
  const dawn = moment.kind === "dawn";
  return (
    <div
      className={`${css.overlay} ${dawn ? css.day : css.night} ${leaving ? css.leaving : ""}`}
      data-theme={dawn ? "day" : "night"}
      onClick={onTap}
      data-moment={moment.kind}
      data-testid="phase-moment"
    >
      <Skyline className={css.skyline} />
      <div role="status" className="flex w-full max-w-lg flex-col items-center gap-5 text-center">
        <svg width="120" height="120" viewBox="0 0 24 24" aria-hidden="true" className={css.sky}>
          {dawn ? (
            <g fill="var(--accent)">
              <circle cx="12" cy="12" r="5" />
              {Array.from({ length: 8 }, (_, i) => (
                <rect key={i} x="11.25" y="1" width="1.5" height="4" rx="0.75" transform={`rotate(${i * 45} 12 12)`} />
              ))}
            </g>
          ) : (
            <path d="M15 3a9 9 0 1 0 6 15A7 7 0 0 1 15 3z" fill="var(--accent)" />
          )}
        </svg>
        <div className={css.up}>
          <p className="text-sm font-bold tracking-[0.2em] text-accent uppercase">{dawn ? tp("day", { n: moment.day }) : tp("night", { n: moment.day })}</p>
          <h2 className="mt-1 text-4xl font-extrabold sm:text-6xl">{dawn ? t("dayBreaks") : t("nightFalls")}</h2>
        </div>
        <div className={`flex w-full flex-col items-center gap-3 ${css.up2}`}>
          {dawn ? <News label={moment.dead.length ? t("diedLastNight") : t("everyoneSurvived")} who={moment.dead} testId="moment-dead" /> : <Dusk moment={moment} />}
        </div>
      </div>
      <p className="text-sm text-muted">{t("tapToContinue")}</p>
      <span aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1 bg-accent/70">
        <span className={`block h-full bg-accent ${css.timer}`} style={{ animationDuration: `${showFor(moment)}ms` }} />
      </span>
    </div>
  );
}

function Dusk({ moment }: { moment: Extract<Moment, { kind: "dusk" }> }) {
  const t = useTranslations("moments");
  if (!moment.vote) return <p className="text-lg text-muted">{t("nightQuiet")}</p>;
  const out = moment.vote.out;
  return (
    <>
      <News label={out ? t("votedOut") : t("nobodyOut")} who={out ? [out] : []} testId="moment-out" />
      {moment.others.length > 0 && <News label={t("alsoDied")} who={moment.others} testId="moment-others" />}
    </>
  );
}

/** A line of news and the players it names, each with their avatar, names in full. */
function News({ label, who, testId }: { label: string; who: string[]; testId: string }) {
  const { player } = useGameCtx();
  return (
    <div className="flex w-full flex-col items-center gap-2" data-testid={testId} data-players={who.join(" ")}>
      <p className="text-lg font-semibold">{label}</p>
      {who.length > 0 && (
        <ul className="flex max-w-full flex-wrap justify-center gap-2">
          {who.map((id) => (
            <li key={id} className="flex max-w-full items-center gap-2 rounded-full border border-line bg-surface py-1 pr-4 pl-1 shadow-lg">
              <Avatar appearance={player(id).appearance} seed={id} size={36} dead />
              <span className="text-lg font-bold [overflow-wrap:anywhere]">{player(id).name}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
