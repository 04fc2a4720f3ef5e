"use client";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";

/**
 * A button that asks before it acts (destructive host powers): the first tap shows the question
 * and a second, explicit button; a double tap lands on the question, never on the action.
 */
export function ConfirmAction({
  label,
  question,
  yes,
  onConfirm,
  busy,
  className = "btn",
  yesClassName = "btn btn-danger",
  testId,
}: {
  label: ReactNode;
  question: string;
  yes: string;
  onConfirm: () => void | Promise<void>;
  busy?: boolean;
  className?: string;
  yesClassName?: string;
  testId: string;
}) {
  const t = useTranslations("host");
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className={className} disabled={busy} onClick={() => setAsking(true)} data-testid={testId}>
        {label}
      </button>
    );
  return (
    <div role="group" aria-label={question} className="flex w-full flex-col gap-2 rounded-xl border border-danger p-3" data-testid={`${testId}-confirm`}>
      <p className="text-sm font-semibold wrap-anywhere">{question}</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={yesClassName}
          disabled={busy}
          onClick={async () => {
            await onConfirm();
            setAsking(false);
          }}
          data-testid={`${testId}-yes`}
        >
          {yes}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setAsking(false)} autoFocus data-testid={`${testId}-no`}>
          {t("cancel")}
        </button>
      </div>
    </div>
  );
}
