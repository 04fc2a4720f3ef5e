"use client";
import { useTranslations } from "next-intl";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { useBusy } from "@/lib/client/use-busy";
import { ErrorNote } from "@/components/ui/error-note";

/** The host's "End game" (issue 22 item 7): asked twice, since it ends the game for everyone. */
export function EndGameCard({ onEnd }: { onEnd: () => Promise<void> }) {
  const t = useTranslations("host");
  const { busy, error, run } = useBusy();
  return (
    <section className="card flex flex-col gap-2" aria-label={t("endGame")}>
      <ConfirmAction
        label={t("endGame")}
        question={t("endGameConfirm")}
        yes={t("endGameYes")}
        className="btn btn-ghost text-danger"
        busy={busy}
        testId="end-game"
        onConfirm={() => run(onEnd)}
      />
      <ErrorNote error={error} />
    </section>
  );
}
