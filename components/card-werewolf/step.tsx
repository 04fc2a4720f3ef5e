"use client";
import { useTranslations } from "next-intl";
import { useState, type MouseEvent, type ReactNode } from "react";
import { ConfirmBar, useConfirmChoice } from "@/components/ui/confirm-choice";
import { isWolfSide, playsOf, stepOf, targetsOf } from "@/lib/client/card-werewolf/choices";
import { useNameList } from "@/lib/client/use-name-list";
import { SeatPicker } from "../game/seat-picker";
import { CardFace } from "./card-face";
import { useCw } from "./context";
import { Knowledge } from "./role-card";
import { Secret } from "./secrets";
import { useCardDrag } from "./use-card-drag";

function Block({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <h3 className="font-bold">{title}</h3>
      {children}
    </div>
  );
}

/**
 * The seat's choice in progress: the card chosen from the hand, and the confirmation of a play or
 * pick. Dropped when the step (`step`: phase, day, turn) moves on, so a half-made choice never
 * carries into the next one — without remounting the board, whose chat draft and host's question
 * must outlive a turn another player ends.
 */
export function usePlayChoice(step: string) {
  const { view, player, act } = useCw();
  const t = useTranslations("cw");
  const [card, setCard] = useState<number | null>(null);
  const c = useConfirmChoice(act, () => setCard(null));
  const [choiceStep, setChoiceStep] = useState(step);
  if (choiceStep !== step) {
    // React's "adjust state when a prop changes": set during render, before anything is painted.
    setChoiceStep(step);
    setCard(null);
    c.reset();
  }
  const kindOf = (id: number) => view.hand.find((x) => x.id === id)?.kind ?? "vote";
  const askPlay = (cardId: number, target: string | undefined, e?: MouseEvent) =>
    c.ask(
      target === undefined ? { type: "play", card: cardId } : { type: "play", card: cardId, target },
      target === undefined ? t("cancelCard", { card: t(`card.${kindOf(cardId)}.name`) }) : t("playOn", { card: t(`card.${kindOf(cardId)}.name`), name: player(target).name }),
      `play:${cardId}:${target ?? ""}`,
      e,
    );
  const chosen = playsOf(view).find((o) => o.card === card) ?? null;
  return { c, card, setCard, askPlay, chosen, kindOf };
}

export type PlayChoice = ReturnType<typeof usePlayChoice>;

/**
 * The step on this seat's screen: what it tells (the Identification, whose turn, the Night) and
 * its choices, each asked twice (ConfirmBar). The hand: tap a card, then a player, here or on the
 * table (the same choice, held by the board), or drag the card onto that player: the drop asks as
 * the tap on the player would. Remounted per step.
 */
export function CwStep({ choice }: { choice: PlayChoice }) {
  const { view, me, player } = useCw();
  const t = useTranslations("cw");
  const list = useNameList();
  const { c, card, setCard, askPlay, chosen, kindOf } = choice;
  const name = (id: string) => player(id).name;
  const step = stepOf(view);
  const plays = playsOf(view);
  // A drop elsewhere leaves the hand as it was before the card was lifted.
  const [before, setBefore] = useState<number | null>(null);
  const dragOf = useCardDrag({
    onStart: (id) => {
      c.cancel();
      setBefore(card);
      setCard(id);
    },
    onDrop: (id, target) => askPlay(id, target),
    onAbort: () => setCard(before),
  });
  const mates = view.wolves.filter((w) => w !== me);
  const lastNight = view.nights.at(-1);
  const todaysSeer = view.seerResults.filter((r) => r.day === view.day).at(-1);
  /** The Werewolves' point, the Angel's look, the Seer's view: a player, asked twice. */
  const choose = (type: "point" | "look" | "view", hint: string | null) => (
    <Block title={t(`${type}Title`)} testId={type}>
      {hint && <p className="text-sm text-muted">{hint}</p>}
      <SeatPicker ids={targetsOf(view)} player={player} isOn={(id) => c.isSelected(`${type}:${id}`)} disabled={c.busy} testId={`target-${type}`} onPick={(id, e) => c.ask({ type, target: id }, t(`${type}On`, { name: name(id) }), `${type}:${id}`, e)} />
    </Block>
  );

  let body: ReactNode = null;
  switch (view.phase) {
    case "identify":
      body = (
        <>
          <p>{t("identifyHint")}</p>
          {view.role && (
            <Secret label={t("identifyLook")} testId="identify">
              <p className={`text-lg font-extrabold ${isWolfSide(view.role) ? "text-wolf" : "text-village"}`}>{t(`role.${view.role}.name`)}</p>
              {isWolfSide(view.role) ? (
                <p className="text-wolf wrap-anywhere" data-testid="pack">
                  {mates.length > 0 ? t("packIs", { names: list(mates.map(name)) }) : t("onlyWolf")}
                </p>
              ) : (
                <p className="text-muted">{t("eyesClosed")}</p>
              )}
            </Secret>
          )}
        </>
      );
      break;
    case "identify.wolves":
      body =
        step === "point" ? choose("point", t("pointHint")) : (
          <p>{t("wolvesChoosing")}</p>
        );
      break;
    case "identify.angel":
      body =
        step === "look" ? choose("look", null) : (
          <p>{t("angelLooking")}</p>
        );
      break;
    case "day.seer":
      body =
        step === "view" ? choose("view", t("viewHint")) : (
          <p className="wrap-anywhere">{t("seerViewing", { name: name(view.seer ?? "") })}</p>
        );
      break;
    case "night":
      body = (
        <>
          <p>{t("nightHint")}</p>
          {view.nightCard && (
            <Secret label={t("nightLook")} testId="night">
              <div className={`flex flex-col gap-1 rounded-xl p-3 text-center ${view.nightCard === "claw" ? "bg-danger-bg" : ""}`} data-testid="night-card" data-card={view.nightCard}>
                <span className="text-sm text-muted">{t("yourNightCard")}</span>
                <span className="text-2xl font-extrabold">{t(`night.${view.nightCard}.name`)}</span>
                <span className="text-sm">{t(`night.${view.nightCard}.${view.nightCard === "claw" && isWolfSide(view.role) ? "wolf" : "help"}`)}</span>
              </div>
            </Secret>
          )}
        </>
      );
      break;
    case "day":
      body = (
        <>
          {view.day > 1 && lastNight && lastNight.day === view.day - 1 && (
            <p className={lastNight.died ? "font-semibold text-danger wrap-anywhere" : "text-ok"} data-testid="night-result">
              {lastNight.died ? t("nightDied", { name: name(lastNight.died) }) : t("nightSafe")}
            </p>
          )}
          {todaysSeer && (
            <div className="rounded-xl border-2 border-accent bg-surface-2 p-3" data-testid="seer-reveal" data-seen={todaysSeer.seen}>
              <p className="font-bold wrap-anywhere">{t("seerSaw", { day: todaysSeer.day, name: name(todaysSeer.target), seen: t(`seen.${todaysSeer.seen}`) })}</p>
            </div>
          )}
          {view.day === 1 && view.angelKnows && (
            <Secret label={t("angelLook")} testId="angel-reveal">
              <Knowledge />
            </Secret>
          )}
          {step === "play" ? (
            <p className="font-bold text-accent" data-testid="your-turn">
              {plays.every((o) => o.targets.length === 0) ? t("mustCancel") : t("yourTurn")}
            </p>
          ) : view.turn ? (
            <p className="wrap-anywhere" data-testid="whose-turn">
              {view.alive[me] ? t("turnOf", { name: name(view.turn) }) : t("turnOfDead", { name: name(view.turn) })}
            </p>
          ) : null}
          {view.banned.includes(me) && <p className="text-danger">{t("youAreBanned")}</p>}
        </>
      );
      break;
  }

  const hand = view.phase === "day" || view.phase === "day.seer";
  return (
    <section className="card flex flex-col gap-3" aria-labelledby="cw-step-title" data-testid="action-panel" data-step={step ?? "wait"}>
      <h2 id="cw-step-title" className="sr-only">
        {t(`phase.${view.phase.replace(".", "_") as "day"}`)}
      </h2>
      {body}
      {hand && view.alive[me] && view.hand.length > 0 && (
        <Block title={t("hand")} testId="hand">
          <div className="grid grid-cols-2 gap-2">
            {view.hand.map((x) => {
              const o = plays.find((p) => p.card === x.id);
              return (
                <CardFace
                  key={x.id}
                  card={x}
                  selected={card === x.id || c.isSelected(`play:${x.id}:`)}
                  disabled={step !== "play" || !o || c.busy}
                  drag={step === "play" && o && o.targets.length > 0 && !c.busy ? dragOf(x.id) : undefined}
                  onPick={
                    step === "play" && o
                      ? (e) => {
                          if (o.targets.length === 0) return askPlay(x.id, undefined, e);
                          c.cancel();
                          setCard(card === x.id ? null : x.id);
                        }
                      : undefined
                  }
                />
              );
            })}
          </div>
          {step === "play" && !chosen && plays.some((o) => o.targets.length > 0) && <p className="text-sm text-muted">{t("pickCard")}</p>}
        </Block>
      )}
      {step === "play" && chosen && chosen.targets.length > 0 && (
        <Block title={t("pickTarget", { card: t(`card.${kindOf(chosen.card)}.name`) })} testId="targets">
          <SeatPicker
            ids={chosen.targets}
            player={player}
            isOn={(id) => c.isSelected(`play:${chosen.card}:${id}`)}
            disabled={c.busy}
            testId="target-play"
            extra={(id) => (id === me ? t("yourself") : null)}
            onPick={(id, e) => askPlay(chosen.card, id, e)}
          />
        </Block>
      )}
      <ConfirmBar c={c} question={(label) => t("confirmQ", { action: label })} />
      {c.error && (
        <p role="alert" className="text-danger">
          {c.error}
        </p>
      )}
    </section>
  );
}
