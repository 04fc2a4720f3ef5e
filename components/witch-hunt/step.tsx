"use client";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { ConfirmBar, useConfirmChoice } from "@/components/ui/confirm-choice";
import { useNameList } from "@/lib/client/use-name-list";
import { choiceOf, hasTurn, isKnightDay, phaseKey } from "@/lib/client/witch-hunt/choices";
import { INGREDIENT_AT } from "@/lib/game/witch-hunt/tables";
import type { ActionType, Location } from "@/lib/game/witch-hunt/types";
import { useWh } from "./context";
import { IngredientChip } from "./items";
import { Ballot, YesNo } from "./news";
import { LocationMap, SeatPicker } from "./pickers";


/**
 * The step on this seat's screen: what it tells (the map, the witches' dialog, the proposal, the
 * news to confirm) and its choices, each asked twice (ConfirmBar). Remounted per step.
 */
export function WhStep() {
  const ctx = useWh();
  const { view, me, player, act } = ctx;
  const t = useTranslations("wh");
  const list = useNameList();
  const c = useConfirmChoice(act);
  const [members, setMembers] = useState<string[]>([]);
  const [spell, setSpell] = useState<string | null>(null);
  const find = (type: ActionType) => choiceOf(view, type);
  const name = (id: string) => player(id).name;
  const busy = c.busy;
  const human = view.form[me] === "human";
  const witch = view.role === "witch";

  const plain = (type: "ready" | "ok" | "end_discussion" | "guard", label: string, primary = true) =>
    find(type) && (
      <button
        type="button"
        className={`btn ${primary ? "btn-primary" : ""} ${c.isSelected(type) ? "ring-2 ring-accent ring-offset-2 ring-offset-surface" : ""}`}
        aria-pressed={c.isSelected(type)}
        disabled={busy}
        onClick={(e) => c.ask({ type }, label, type, e)}
        data-testid={`action-${type}`}
      >
        {label}
      </button>
    );
  const map = (type: "pick" | "guard_location" | "witch_location", counts?: WhCounts) => {
    const ch = find(type);
    const locs = ch?.locations ?? view.open;
    const chosen = type === "witch_location" ? view.myLocation : view.myPick;
    return (
      <LocationMap
        locations={locs}
        chosen={chosen}
        selected={c.pending?.action.type === type ? (c.pending.action.location as Location) : null}
        counts={counts}
        disabled={busy || !ch}
        testId={`location-${type}`}
        onPick={ch ? (l, e) => c.ask({ type, location: l }, t("goTo", { place: t(`place.${l}`) }), `${type}:${l}`, e) : undefined}
      />
    );
  };
  const targets = (type: "heal" | "inspect" | "steal", verb: "healOn" | "inspectOn" | "stealFrom", current?: string | null) => {
    const ch = find(type);
    if (!ch?.targets?.length) return null;
    return (
      <Block title={t(`${type}Title`)}>
        <SeatPicker
          ids={ch.targets.filter((x) => x !== null)}
          isOn={(id) => c.isSelected(`${type}:${id}`) || (!c.pending && current === id)}
          disabled={busy}
          testId={`target-${type}`}
          onPick={(id, e) => c.ask({ type, target: id }, t(verb, { name: name(id) }), `${type}:${id}`, e)}
        />
      </Block>
    );
  };

  let body: ReactNode = null;
  switch (view.phase) {
    case "start":
      body = <p>{t("startHint")}</p>;
      break;
    case "day.pick":
      body = (
        <>
          <p>{isKnightDay(view) ? t("knightMorning") : t("morningHint")}</p>
          {witch && human ? <p className="text-muted">{t("witchWaitsPick")}</p> : human && !view.guarding ? <p className="text-muted">{t("pickHint")}</p> : null}
          {view.guarding && <p className="font-semibold">{t("guardingWait")}</p>}
          {map("pick")}
          {plain("guard", t("guardAction"), false)}
          {targets("heal", "healOn", view.heal)}
        </>
      );
      break;
    case "day.guard":
      body = find("guard_location") ? (
        <>
          <p>{t("guardChoose")}</p>
          {map("guard_location", view.counts)}
        </>
      ) : (
        <Gathering />
      );
      break;
    case "day.witch":
      body = witch && human ? <WitchDialog map={map} c={c} spell={spell} setSpell={setSpell} /> : <Gathering />;
      break;
    case "evening":
      body = <p>{t("eveningHint")}</p>;
      break;
    case "discussion":
      body = <p>{view.timed ? t("discussionTimed") : t("discussionHint")}</p>;
      break;
    case "proposal": {
      const ch = find("propose");
      const size = ch?.size ?? view.required.length;
      body = ch ? (
        <>
          <p className="font-semibold">{t("youAreChief", { n: size })}</p>
          <SeatPicker
            ids={(ch.targets ?? []).filter((x) => x !== null)}
            isOn={(id) => members.includes(id)}
            disabled={busy}
            testId="target-propose"
            onPick={(id, e) => {
              const next = members.includes(id) ? members.filter((m) => m !== id) : [...members, id].slice(-size);
              setMembers(next);
              if (next.length === size) c.ask({ type: "propose", members: next }, t("proposeThese", { names: list(next.map(name)) }), next.join("+"), e);
              else c.cancel();
            }}
          />
          <p className="text-sm text-muted">{t("chosenOf", { n: members.length, of: size })}</p>
        </>
      ) : (
        <p className="wrap-anywhere">{view.chief ? t("chiefProposing", { name: name(view.chief), n: view.required.length }) : t("waiting")}</p>
      );
      break;
    }
    case "yesno": {
      const ch = find("approve");
      body = (
        <>
          <p className="wrap-anywhere">{t("proposalBy", { chief: view.chief ? name(view.chief) : "—", members: list((view.proposal ?? []).map(name)) })}</p>
          {ch && (
            <div className="grid grid-cols-2 gap-2">
              {([true, false] as const).map((yes) => {
                const key = `approve:${yes}`;
                const on = c.isSelected(key) || (!c.pending && view.myYes === yes);
                return (
                  <button
                    key={key}
                    type="button"
                    className={`btn text-lg ${on ? "btn-primary" : ""}`}
                    aria-pressed={on}
                    disabled={busy}
                    onClick={(e) => c.ask({ type: "approve", yes }, yes ? t("voteYes") : t("voteNo"), key, e)}
                    data-testid={`action-approve-${yes ? "yes" : "no"}`}
                  >
                    {yes ? t("yes") : t("no")}
                  </button>
                );
              })}
            </div>
          )}
          {view.myYes !== null && <p className="text-sm text-muted">{t("yesnoSent", { choice: view.myYes ? t("yes") : t("no") })}</p>}
        </>
      );
      break;
    }
    case "yesno.result": {
      const r = view.yesnoResults.at(-1);
      body = r ? <YesNo r={r} /> : null;
      break;
    }
    case "ritual": {
      const ch = find("put");
      body = ch ? (
        <>
          <p>{t("putHint")}</p>
          <div className="flex flex-wrap gap-2">
            {(ch.items ?? []).map((item) => (
              <button
                key={item}
                type="button"
                className={`btn ${c.isSelected(`put:${item}`) ? "btn-primary" : ""}`}
                aria-pressed={c.isSelected(`put:${item}`)}
                disabled={busy}
                onClick={(e) => c.ask({ type: "put", item }, t("putThis", { item: t(`item.${item}`) }), `put:${item}`, e)}
                data-testid="action-put"
                data-item={item}
              >
                <IngredientChip item={item} />
              </button>
            ))}
          </div>
          {!ch.items?.length && <p className="text-muted">{t("nothingToPut")}</p>}
        </>
      ) : (
        <p className="wrap-anywhere">{view.myPut !== null ? t("putDone") : t("ritualWaiting", { names: list((view.proposal ?? []).map(name)) })}</p>
      );
      break;
    }
    case "ritual.result": {
      const r = view.ritualResults.at(-1);
      body = r && <p className={`text-xl font-bold ${r.success ? "text-ok" : "text-danger"}`}>{r.success ? t("ritualSuccess") : t("ritualFailed")}</p>;
      break;
    }
    case "quarrel":
      body = <p className="text-center text-3xl font-extrabold text-danger" data-testid="quarrel">{t("quarrel")}</p>;
      break;
    case "vote": {
      const ch = find("vote");
      body = (
        <>
          <p>{isKnightDay(view) ? t("knightVote") : t("voteHint")}</p>
          {ch && (
            <>
              <SeatPicker
                ids={(ch.targets ?? []).filter((x) => x !== null)}
                isOn={(id) => c.isSelected(`vote:${id}`) || (!c.pending && view.myVote === id)}
                disabled={busy}
                testId="target-vote"
                onPick={(id, e) => c.ask({ type: "vote", target: id }, t("voteOn", { name: name(id) }), `vote:${id}`, e)}
              />
              <button
                type="button"
                className={`btn ${c.isSelected("vote:") || (!c.pending && view.myVote === null) ? "btn-primary" : ""}`}
                aria-pressed={c.isSelected("vote:") || (!c.pending && view.myVote === null)}
                disabled={busy}
                onClick={(e) => c.ask({ type: "vote", target: null }, t("voteBlank"), "vote:", e)}
                data-testid="target-vote-blank"
              >
                {t("blank")}
              </button>
            </>
          )}
          {view.myVote !== undefined && <p className="text-sm text-muted wrap-anywhere">{view.myVote === null ? t("votedBlank") : t("votedFor", { name: name(view.myVote) })}</p>}
        </>
      );
      break;
    }
    case "vote.result": {
      const b = view.ballots.at(-1);
      body = b ? <Ballot b={b} /> : null;
      break;
    }
  }

  const waiting = !hasTurn(view) && view.phase !== "quarrel" && view.phase !== "day.witch" && view.phase !== "day.guard";
  return (
    <section className="card flex flex-col gap-3" aria-labelledby="wh-step-title" data-testid="action-panel" data-phase={view.phase}>
      <h2 id="wh-step-title" className="font-bold">
        {t(`stepTitle.${phaseKey(view.phase)}`)}
      </h2>
      {!human && view.phase !== "start" && <p className="text-sm text-muted">{view.form[me] === "frog" ? t("frogOnlyConfirm") : t("expelledOnlyConfirm")}</p>}
      {body}
      {plain("ready", t("ready"))}
      {plain("ok", t("ok"))}
      {plain("end_discussion", t("endDiscussion"))}
      {targets("inspect", "inspectOn")}
      {targets("steal", "stealFrom")}
      <ConfirmBar c={c} question={(label) => t("confirmQ", { what: label })} />
      {waiting && !c.pending && (
        <p className="text-sm text-muted" data-testid="action-status">
          {view.done.includes(me) ? t("tappedWaiting") : t("waiting")}
        </p>
      )}
      {c.error && (
        <p role="alert" className="text-danger">
          {c.error}
        </p>
      )}
    </section>
  );
}

type WhCounts = Partial<Record<Location, number>> | null;

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </div>
  );
}

/** WH-R22: every screen during the witches' 15 s: your location, its ingredient, a progress bar. */
function Gathering() {
  const { view } = useWh();
  const t = useTranslations("wh");
  const at = view.myPick;
  return (
    <div className="flex flex-col gap-2" data-testid="gathering">
      <p className="font-semibold">{view.guarding ? t("guardingToday") : at ? t("gatheringAt", { place: t(`place.${at}`) }) : t("gatheringNone")}</p>
      {at && <IngredientChip item={INGREDIENT_AT[at]} />}
      <div className="h-2 w-full overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
        <div className="h-full w-1/2 animate-pulse rounded-full bg-accent" />
      </div>
    </div>
  );
}

/**
 * The witches' 15 s (WH-R22, WH-P5): the cat count per location (no names), then her location,
 * then who is there, then a spell and its target. A Frog Hex's first cast locks the team's.
 */
function WitchDialog({
  map,
  c,
  spell,
  setSpell,
}: {
  map: (type: "witch_location", counts?: WhCounts) => ReactNode;
  c: ReturnType<typeof useConfirmChoice>;
  spell: string | null;
  setSpell: (s: string | null) => void;
}) {
  const { view, me, player } = useWh();
  const t = useTranslations("wh");
  const list = useNameList();
  const cast = choiceOf(view, "cast");
  const open = cast?.spells?.find((s) => s.spell === spell);
  return (
    <div className="flex flex-col gap-3 rounded-xl border-2 border-wolf p-3" data-testid="witch-dialog">
      <p className="font-semibold text-wolf">{t("witchDialog")}</p>
      {view.myLocation === null ? (
        <>
          <p className="text-sm">{t("witchChooseLocation")}</p>
          {map("witch_location", view.counts)}
        </>
      ) : (
        <>
          <p className="wrap-anywhere" data-testid="witch-here">
            {t("witchAt", { place: t(`place.${view.myLocation}`) })} {view.here.length ? t("hereAre", { names: list(view.here.map((p) => player(p).name)) }) : t("hereNobody")}
          </p>
          {cast ? (
            <>
              <div className="flex flex-wrap gap-2">
                {(cast.spells ?? []).map((s) => (
                  <button
                    key={s.spell}
                    type="button"
                    className={`btn ${spell === s.spell || c.isSelected(`cast:${s.spell}`) ? "btn-primary" : ""}`}
                    disabled={c.busy}
                    onClick={(e) => {
                      setSpell(s.spell);
                      if (s.targets === null) c.ask({ type: "cast", spell: s.spell }, t("castThis", { spell: t(`spell.${s.spell}`) }), `cast:${s.spell}`, e);
                      else c.cancel();
                    }}
                    data-testid="action-spell"
                    data-spell={s.spell}
                  >
                    {t(`spell.${s.spell}`)}
                  </button>
                ))}
              </div>
              {open?.targets && (
                <SeatPicker
                  ids={open.targets}
                  isOn={(id) => c.isSelected(`cast:${open.spell}:${id}`)}
                  disabled={c.busy}
                  testId="target-cast"
                  onPick={(id, e) => c.ask({ type: "cast", spell: open.spell, target: id }, t("castOn", { spell: t(`spell.${open.spell}`), name: player(id).name }), `cast:${open.spell}:${id}`, e)}
                />
              )}
            </>
          ) : (
            <p className="text-sm text-muted">{view.casts.some((x) => x.witch === me) ? t("castDone") : t("noSpell")}</p>
          )}
        </>
      )}
    </div>
  );
}
