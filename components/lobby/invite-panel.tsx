"use client";
import { useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";

export function InvitePanel({ code, inviteUrl, qr }: { code: string; inviteUrl: string; qr: ReactNode }) {
  const t = useTranslations("lobby");
  const tc = useTranslations("common");
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(inviteUrl);
    } catch {
      // Clipboard blocked (insecure origin): select the text so the player can copy it by hand.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      return;
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <section className="card flex flex-col gap-3" aria-labelledby={`${id}-t`}>
      <h2 id={`${id}-t`} className="text-lg font-bold">
        {t("inviteTitle")}
      </h2>
      <p>
        <span className="text-muted">{t("roomCode")}: </span>
        <span className="font-mono text-2xl font-bold tracking-[0.25em]" data-testid="room-code">
          {code}
        </span>
      </p>
      <label htmlFor={id} className="text-sm text-muted">
        {t("inviteLink")}
      </label>
      <div className="flex gap-2">
        <input id={id} className="field font-mono text-sm" readOnly value={inviteUrl} data-testid="invite-link" onFocus={(e) => e.target.select()} />
        <button type="button" className="btn shrink-0" onClick={copy} data-testid="copy-link">
          {copied ? tc("copied") : t("copyLink")}
        </button>
      </div>
      <span role="status" className="sr-only">
        {copied ? tc("copied") : ""}
      </span>
      <div className="self-center">{qr}</div>
    </section>
  );
}
