"use client";
import { useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import type { WerewolfView } from "@/lib/game/werewolf/types";
import { useGameCtx } from "./game-context";
import { useSpeaker } from "./labels";

type Picks = WerewolfView["wolfPicks"];

/** The distinct players the pack picked, in pick order. */
function targetsOf(picks: Picks): string[] {
  const out: string[] = [];
  for (const p of picks) if (!out.includes(p.target)) out.push(p.target);
  return out;
}

/**
 * A living wolf's own view of the pack's picks (S-WOLF-2/3): shown on the target buttons of the
 * action panel (`PickChips`) and summed up in `PackAgreement`. Null for everyone else.
 */
export function usePackPicks(): Picks | null {
  const { view, me } = useGameCtx();
  const amWolf = view.myRole === "wolf" && view.alive[me] !== false;
  return amWolf && view.phase === "night.main" ? view.wolfPicks : null;
}

/** The wolves who picked `target`, as small avatars with their names, on its target button. */
export function PickChips({ picks, target }: { picks: Picks; target: string }) {
  const { me, player } = useGameCtx();
  const t = useTranslations("actions2");
  const by = picks.filter((p) => p.target === target).map((p) => p.by);
  if (by.length === 0) return null;
  const name = (id: string) => (id === me ? t("you") : player(id).name);
  return (
    <span className="flex w-full min-w-0 flex-wrap justify-center gap-1" data-testid="pick-chips" aria-label={t("pickedBy", { names: by.map(name).join(", ") })}>
      {by.map((id) => (
        <span
          key={id}
          className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-wolf/15 py-0.5 pr-2 pl-0.5 text-xs font-semibold text-wolf"
          data-testid="pick-chip"
          data-by={id}
          aria-hidden="true"
        >
          <Avatar appearance={player(id).appearance} seed={id} size={16} />
          <span className="min-w-0 break-all">{name(id)}</span>
        </span>
      ))}
    </span>
  );
}

/** "Your picks differ — nobody dies on a tie" while the pack is split; the agreed target once it is not. */
export function PackAgreement({ picks }: { picks: Picks }) {
  const { player } = useGameCtx();
  const t = useTranslations("actions2");
  const targets = targetsOf(picks);
  if (targets.length === 0) return null;
  const differ = targets.length > 1;
  return (
    <p
      role="status"
      className={`rounded-lg px-3 py-2 text-sm font-semibold ${differ ? "border border-danger bg-danger-bg text-danger" : "bg-wolf/15 text-wolf"}`}
      data-testid={differ ? "picks-differ" : "picks-agree"}
    >
      {differ ? `⚠ ${t("picksDiffer")}` : t("picksAgree", { name: player(targets[0]).name })}
    </p>
  );
}

/**
 * What a peeking Little Girl sees of the picks, live and anonymised (C-GIRL-1). Living wolves see
 * the picks on their target buttons instead (action-panel.tsx).
 */
export function WolfPicks() {
  const { view, me, player } = useGameCtx();
  const t = useTranslations("action");
  const who = useSpeaker((id) => player(id).name, view.players);
  const amWolf = view.myRole === "wolf" && view.alive[me] !== false;
  if (view.phase !== "night.main" || amWolf || view.wolfPicks.length === 0) return null;
  return (
    <section className="card" aria-labelledby="picks-title" data-testid="wolf-picks">
      <h2 id="picks-title" className="mb-1 font-bold text-wolf">
        {t("wolfPicks")}
      </h2>
      <ul className="text-sm break-words" aria-live="polite">
        {view.wolfPicks.map((p) => (
          <li key={p.by}>{t("wolfPickLine", { wolf: who(p.by), target: player(p.target).name })}</li>
        ))}
      </ul>
    </section>
  );
}
