"use client";
import { useTranslations } from "next-intl";
import { useState, type MouseEvent } from "react";
import { Avatar } from "@/components/ui/avatar";
import { BotBadge } from "@/components/ui/member-badges";
import { ConfirmBar, useConfirmChoice } from "@/components/ui/confirm-choice";
import { isTargeted, type LegalAction } from "@/lib/game/werewolf/types";
import { useGameCtx } from "./game-context";
import { useRoleText } from "./labels";
import { SeerAnswer } from "./seer-history";
import { VoteProgress } from "./vote-progress";
import { PackAgreement, PickChips, usePackPicks } from "./wolf-picks";
import { ErrorNote } from "@/components/ui/error-note";

/** A plain action chosen and waiting for its confirmation. */
const SELECTED = "ring-2 ring-accent ring-offset-2 ring-offset-surface";

type Verb = "bite" | "inspect" | "protect" | "save" | "poison" | "shoot" | "skip" | "vote" | "readyToVote" | "peek" | "appoint" | "steal" | "link" | "elect";

const verbOf: Record<string, Verb> = {
  bite: "bite",
  inspect: "inspect",
  protect: "protect",
  save: "save",
  poison: "poison",
  shoot: "shoot",
  skip: "skip",
  vote: "vote",
  ready_to_vote: "readyToVote",
  peek: "peek",
  pass_badge: "appoint",
  steal: "steal",
  link: "link",
};

const promptOf: Record<string, "wolfPromptTitle" | "seerPromptTitle" | "guardPromptTitle" | "witchPromptTitle" | "hunterPromptTitle" | "votePromptTitle"> = {
  bite: "wolfPromptTitle",
  inspect: "seerPromptTitle",
  protect: "guardPromptTitle",
  poison: "witchPromptTitle",
  shoot: "hunterPromptTitle",
  vote: "votePromptTitle",
};

/** Actions whose verb does not read well before a name in every language ("Save potion Minh"). */
const onTargetOf: Record<string, "poisonOn" | "shootOn" | "voteOn"> = {
  poison: "poisonOn",
  shoot: "shootOn",
  vote: "voteOn",
};


/**
 * Offers exactly the view's legal actions (the engine's own rules, legal.ts), and asks for a
 * confirmation before sending: accepted actions are final (P-4), a wolf's pick until the step ends
 * (S-WOLF-3). A choice stays selected where it was tapped and the confirmation appears in its own
 * bar below every choice, ignoring input for `CONFIRM_GUARD_MS`: a double tap never sends.
 */
export function ActionPanel() {
  const { view, me, player, act } = useGameCtx();
  const t = useTranslations("action");
  const t2 = useTranslations("actions2");
  const tp = useTranslations("phase");
  const { role: roleName } = useRoleText();
  const [linkPick, setLinkPick] = useState<string[]>([]);
  const c = useConfirmChoice(act);
  const { pending, busy, error, ask } = c;
  const packPicks = usePackPicks();

  const legal = view.legal.filter((a) => a.type !== "chat");
  /** A wolf who picked (or skipped) may pick again until the step ends (S-WOLF-3). */
  const repick = packPicks !== null && view.done;
  const myPick = packPicks?.find((p) => p.by === me)?.target ?? null;
  const verb = (type: string) => t(verbOf[type] ?? "skip");

  const status = statusLine();
  return (
    <section className="card flex flex-col gap-3" aria-labelledby="action-title" data-testid="action-panel" data-repick={repick ? "true" : undefined}>
      <h2 id="action-title" className="font-bold">
        {t("title")}
      </h2>
      <SeerAnswer />
      {status && (
        <p className="text-muted break-words" data-testid="action-status">
          {status}
        </p>
      )}
      {packPicks && <PackAgreement picks={packPicks} />}
      <VoteProgress />
      {legal.map((a) => (
        <div key={a.type} className="flex flex-col gap-2">
          {renderAction(a)}
        </div>
      ))}
      <ConfirmBar c={c} question={(label) => (pending?.action.type === "bite" ? t2("confirmChange", { what: label }) : t("confirmText", { what: label }))} />
      <ErrorNote error={error} />
    </section>
  );

  function statusLine(): string | null {
    if (view.ended) return t("whyEnded");
    if (view.alive[me] === false && !legal.length) return t("whyNotAlive");
    if (view.phase === "vote" || view.phase === "sheriff.election") {
      if (view.myVote) return t("voteLocked", { name: player(view.myVote).name });
      if (view.done && !legal.length) return t("voteLockedAbstain");
    }
    if (view.phase === "day" && view.ready.includes(me) && !legal.length) return t("readyToVoteDone");
    if (repick) return myPick ? t2("yourPick", { name: player(myPick).name }) : t2("youSkipped");
    // The Seer's answer says it (SeerAnswer above).
    if (view.myRole === "seer" && view.done && view.seerResults.some((r) => r.day === view.day)) return null;
    if (view.done && !legal.length) return t("done", { what: "✓" });
    if (!legal.length) return t("whyNotYourStep");
    return null;
  }

  function targetButtons(a: LegalAction, onPick: (id: string, e: MouseEvent) => void, selected: string[] = []) {
    const chosen = (id: string) => selected.includes(id) || (pending?.action.type === a.type && pending.selected === id);
    return (
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {(a.targets ?? []).map((id) => (
          <li key={id}>
            <button
              type="button"
              className={`btn h-full w-full flex-wrap justify-start text-left ${chosen(id) ? "btn-primary" : ""} ${a.type === "bite" && myPick === id && !chosen(id) ? "border-wolf" : ""}`}
              aria-pressed={chosen(id)}
              disabled={busy}
              onClick={(e) => onPick(id, e)}
              data-testid={`target-${a.type}`}
              data-target={id}
              data-mine={a.type === "bite" && myPick === id ? "true" : undefined}
            >
              <Avatar appearance={player(id).appearance} seed={id} size={28} />
              <span className="min-w-0 flex-1 leading-tight wrap-anywhere">{player(id).name}</span>
              {player(id).isBot && <BotBadge />}
              {a.type === "bite" && packPicks && <PickChips picks={packPicks} target={id} />}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  function targetLabel(type: string, name: string): string {
    if (view.phase === "sheriff.election") return t("actOn", { action: t("elect"), name });
    const on = onTargetOf[type];
    return on ? t(on, { name }) : t("actOn", { action: verb(type), name });
  }

  function renderAction(a: LegalAction) {
    const v = verb(a.type);
    if (isTargeted(a.type)) {
      const type = a.type;
      const title = view.phase === "sheriff.election" ? tp("sheriffElection") : promptOf[type] ? t(promptOf[type]) : tp("sheriffSuccession");
      return (
        <>
          <h3 className="text-sm font-semibold">{type === "poison" ? v : title}</h3>
          {targetButtons(a, (id, e) => ask({ type, target: id }, targetLabel(type, player(id).name), id, e))}
        </>
      );
    }
    switch (a.type) {
      case "link":
        return (
          <>
            <h3 className="text-sm font-semibold">{t("chooseTwo")}</h3>
            {targetButtons(
              a,
              (id, e) => {
                const next = linkPick.includes(id) ? linkPick.filter((x) => x !== id) : [...linkPick, id].slice(-2);
                setLinkPick(next);
                if (next.length === 2)
                  ask({ type: "link", targets: [next[0], next[1]] }, t("actOn", { action: v, name: `${player(next[0]).name} + ${player(next[1]).name}` }), next.join("+"), e);
                else c.cancel();
              },
              linkPick,
            )}
          </>
        );
      case "steal":
        return (
          <div className="flex flex-wrap gap-2">
            {(a.cards ?? []).map((c) => {
              const card = view.thiefCards?.[c];
              const label = t("actOn", { action: v, name: card ? roleName(card) : String(c + 1) });
              return (
                <button
                  key={c}
                  type="button"
                  className={`btn ${pending?.selected === `card-${c}` ? "btn-primary" : ""}`}
                  aria-pressed={pending?.selected === `card-${c}`}
                  disabled={busy}
                  onClick={(e) => ask({ type: "steal", card: c }, label, `card-${c}`, e)}
                  data-testid="action-steal"
                >
                  {label}
                </button>
              );
            })}
          </div>
        );
      case "save": {
        const target = view.witchTarget?.target;
        const label = target ? t("saveOn", { name: player(target).name }) : v;
        return (
          <button
            type="button"
            className={`btn btn-primary ${pending?.selected === "save" ? SELECTED : ""}`}
            aria-pressed={pending?.selected === "save"}
            disabled={busy}
            onClick={(e) => ask({ type: "save" }, label, "save", e)}
            data-testid="action-save"
          >
            {label}
          </button>
        );
      }
      default:
        return (
          <button
            type="button"
            className={`btn ${a.type === "skip" ? "" : "btn-primary"} ${pending?.selected === a.type ? SELECTED : ""}`}
            aria-pressed={pending?.selected === a.type}
            disabled={busy}
            onClick={(e) => ask({ type: a.type }, v, a.type, e)}
            data-testid={`action-${a.type}`}
          >
            {v}
          </button>
        );
    }
  }
}
