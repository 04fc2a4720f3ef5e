"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { BotBadge } from "@/components/ui/member-badges";
import { newIdempotencyKey } from "@/lib/client/api";
import { useErrorText } from "@/lib/client/use-error-text";
import { isTargeted, type LegalAction } from "@/lib/game/werewolf/types";
import { useGameCtx } from "./game-context";
import { useRoleText } from "./labels";

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

interface Pending {
  action: Record<string, unknown> & { type: string };
  label: string;
  key: string;
}

/**
 * Offers exactly the view's legal actions (the engine's own rules, legal.ts), and asks for a
 * confirmation before sending: accepted actions are final (P-4).
 */
export function ActionPanel() {
  const { view, me, player, act } = useGameCtx();
  const t = useTranslations("action");
  const tp = useTranslations("phase");
  const tc = useTranslations("common");
  const { role: roleName } = useRoleText();
  const errorText = useErrorText();
  const [pending, setPending] = useState<Pending | null>(null);
  const [linkPick, setLinkPick] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (pending) confirmRef.current?.focus();
  }, [pending]);

  const legal = view.legal.filter((a) => a.type !== "chat");
  const ask = (action: Pending["action"], label: string) => {
    setError(null);
    setPending({ action, label, key: newIdempotencyKey() });
  };
  const send = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await act(pending.action, pending.key);
      setPending(null);
    } catch (e) {
      setError(errorText(e));
      setPending(null);
    } finally {
      setBusy(false);
    }
  };
  const verb = (type: string) => t(verbOf[type] ?? "skip");

  const status = statusLine();
  return (
    <section className="card flex flex-col gap-3" aria-labelledby="action-title" data-testid="action-panel">
      <h2 id="action-title" className="font-bold">
        {t("title")}
      </h2>
      {status && (
        <p className="text-muted" data-testid="action-status">
          {status}
        </p>
      )}
      {!pending &&
        legal.map((a) => (
          <div key={a.type} className="flex flex-col gap-2">
            {renderAction(a)}
          </div>
        ))}
      {pending && (
        <div className="flex flex-col gap-2 rounded-xl border border-accent p-3" role="group" aria-labelledby="confirm-text">
          <p id="confirm-text" className="font-semibold">
            {t("confirmText", { what: pending.label })}
          </p>
          <div className="flex gap-2">
            <button ref={confirmRef} type="button" className="btn btn-primary flex-1" disabled={busy} onClick={send} data-testid="confirm">
              {busy ? t("sending") : pending.label}
            </button>
            <button type="button" className="btn flex-1" disabled={busy} onClick={() => setPending(null)} data-testid="cancel">
              {tc("cancel")}
            </button>
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
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
    if (view.done && !legal.length) return t("done", { what: "✓" });
    if (!legal.length) return t("whyNotYourStep");
    return null;
  }

  function targetButtons(a: LegalAction, onPick: (id: string) => void, selected: string[] = []) {
    return (
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {(a.targets ?? []).map((id) => (
          <li key={id}>
            <button
              type="button"
              className={`btn h-full w-full justify-start text-left ${selected.includes(id) ? "btn-primary" : ""}`}
              aria-pressed={a.type === "link" ? selected.includes(id) : undefined}
              onClick={() => onPick(id)}
              data-testid={`target-${a.type}`}
              data-target={id}
            >
              <Avatar appearance={player(id).appearance} seed={id} size={28} />
              <span className="min-w-0 flex-1 leading-tight wrap-anywhere">{player(id).name}</span>
              {player(id).isBot && <BotBadge />}
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
          {targetButtons(a, (id) => ask({ type, target: id }, targetLabel(type, player(id).name)))}
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
              (id) => {
                const next = linkPick.includes(id) ? linkPick.filter((x) => x !== id) : [...linkPick, id].slice(-2);
                setLinkPick(next);
                if (next.length === 2)
                  ask({ type: "link", targets: [next[0], next[1]] }, t("actOn", { action: v, name: `${player(next[0]).name} + ${player(next[1]).name}` }));
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
                <button key={c} type="button" className="btn" onClick={() => ask({ type: "steal", card: c }, label)} data-testid="action-steal">
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
          <button type="button" className="btn btn-primary" onClick={() => ask({ type: "save" }, label)} data-testid="action-save">
            {label}
          </button>
        );
      }
      default:
        return (
          <button type="button" className={a.type === "skip" ? "btn" : "btn btn-primary"} onClick={() => ask({ type: a.type }, v)} data-testid={`action-${a.type}`}>
            {v}
          </button>
        );
    }
  }
}
