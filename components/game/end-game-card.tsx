"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { useErrorText } from "@/lib/client/use-error-text";

/** The host's "End game" (issue 22 item 7): asked twice, since it ends the game for everyone. */
export function EndGameCard({ onEnd }: { onEnd: () => Promise<void> }) {
  const t = useTranslations("host");
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="card flex flex-col gap-2" aria-label={t("endGame")}>
      <ConfirmAction
        label={t("endGame")}
        question={t("endGameConfirm")}
        yes={t("endGameYes")}
        className="btn btn-ghost text-danger"
        busy={busy}
        testId="end-game"
        onConfirm={async () => {
          setBusy(true);
          setError(null);
          try {
            await onEnd();
          } catch (e) {
            setError(errorText(e));
          } finally {
            setBusy(false);
          }
        }}
      />
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
    </section>
  );
}
