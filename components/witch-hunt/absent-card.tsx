"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmBar, useConfirmChoice } from "@/components/ui/confirm-choice";
import { absentCandidates } from "@/lib/client/witch-hunt/choices";
import { useWh } from "./context";
import { SeatPicker } from "./pickers";

/**
 * The host's "Mark absent" (WH-R14, WH-R24, WH-R26, WH-P12): for a person who holds up a step that
 * has no timer. Opened on purpose, a seat chosen, then confirmed (a double tap never sends); the
 * game then plays the rules' default for them until they act again. Remounted per step.
 */
export function WhAbsentCard() {
  const { view, me, player, act } = useWh();
  const t = useTranslations("wh");
  const tc = useTranslations("common");
  const [open, setOpen] = useState(false);
  const c = useConfirmChoice(act, () => setOpen(false));
  const ids = absentCandidates(view).filter((id) => id !== me && !player(id).isBot);
  if (ids.length === 0) return null;
  return (
    <section className="card flex flex-col gap-2" aria-labelledby="wh-absent-title" data-testid="wh-absent">
      <h2 id="wh-absent-title" className="text-sm font-semibold">
        {t("absentTitle")}
      </h2>
      {open ? (
        <>
          <p className="text-sm text-muted">{t("absentHint")}</p>
          <SeatPicker
            ids={ids}
            isOn={(id) => c.isSelected(`absent:${id}`)}
            disabled={c.busy}
            testId="target-absent"
            extra={(id) => (player(id).offline ? tc("offline") : null)}
            onPick={(id, e) => c.ask({ type: "mark_absent", player: id }, t("absentOn", { name: player(id).name }), `absent:${id}`, e)}
          />
          <ConfirmBar c={c} question={(label) => t("confirmQ", { what: label })} />
          {!c.pending && (
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)} data-testid="absent-close">
              {tc("cancel")}
            </button>
          )}
        </>
      ) : (
        <button type="button" className="btn btn-ghost justify-start" onClick={() => setOpen(true)} data-testid="absent-open">
          {t("absentOpen")}
        </button>
      )}
      {c.error && (
        <p role="alert" className="text-danger">
          {c.error}
        </p>
      )}
    </section>
  );
}
