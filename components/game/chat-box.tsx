"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useErrorText } from "@/lib/client/use-error-text";
import { MAX_CHAT } from "@/lib/game/core/chat-limits";
import { ErrorNote } from "@/components/ui/error-note";

/** The character counter shows from here on, as the 500-character limit (MAX_CHAT) comes near. */
const COUNTER_FROM = 400;

export interface ChatBoxLine {
  key: string;
  system?: boolean;
  from?: string;
  text: string;
}

/**
 * The chat's tabs (a channel and a day each): the strip scrolls sideways only, the active tab is
 * centred in it, the page itself never moves. `secret` marks a team's channel.
 */
export function ChatTabStrip({ id, tabs, active, onPick }: { id: string; tabs: { key: string; label: string; secret?: boolean }[]; active: string | null; onPick: (key: string) => void }) {
  const t = useTranslations("chat");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const strip = ref.current;
    const tab = strip?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!strip || !tab) return;
    const s = strip.getBoundingClientRect();
    const b = tab.getBoundingClientRect();
    strip.scrollLeft += b.left - s.left - (s.width - b.width) / 2;
  }, [active, tabs.length]);
  if (tabs.length === 0) return null;
  return (
    <div ref={ref} role="tablist" aria-label={t("title")} className="flex gap-1 overflow-x-auto pb-1" data-testid="chat-tabs">
      {tabs.map((x) => {
        const selected = x.key === active;
        return (
          <button
            key={x.key}
            type="button"
            role="tab"
            id={`${id}-tab-${x.key}`}
            aria-selected={selected}
            aria-controls={`${id}-panel`}
            className={`btn btn-sm shrink-0 ${selected ? "btn-primary" : ""} ${x.secret && !selected ? "text-wolf" : ""}`}
            onClick={() => onPick(x.key)}
            data-testid={`chat-tab-${x.key}`}
          >
            {x.label}
          </button>
        );
      })}
    </div>
  );
}

/**
 * A chat's lines, as plain text (no HTML, no live links), kept scrolled to the newest; `follow`
 * changes when another channel or day is shown.
 */
export function ChatLog({ lines, follow }: { lines: ChatBoxLine[]; follow: string }) {
  const t = useTranslations("chat");
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length, follow]);
  return (
    <ol ref={ref} tabIndex={0} aria-label={t("title")} className="flex max-h-80 min-h-32 flex-col gap-1 overflow-y-auto rounded-xl bg-surface-2 p-2 text-sm" data-testid="chat-log">
      {lines.length === 0 && <li className="text-muted">{t("empty")}</li>}
      {lines.map((l) =>
        l.system ? (
          <li key={l.key} className="text-center text-xs font-semibold text-muted" data-testid="chat-system">
            {l.text}
          </li>
        ) : (
          <li key={l.key} className="min-w-0 whitespace-pre-wrap wrap-anywhere" data-testid="chat-line">
            <span className="font-semibold">{l.from}: </span>
            {l.text}
          </li>
        ),
      )}
    </ol>
  );
}

/**
 * The line being written and Send: `why` (a sentence) when the shown channel is closed to this
 * seat now; the engine's length measure (UTF-16 units of the trimmed text), as maxLength counts.
 */
export function ChatComposer({ id, why, send }: { id: string; why: string | null; send: (text: string) => Promise<void> }) {
  const t = useTranslations("chat");
  const tl = useTranslations("layout");
  const errorText = useErrorText();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const counted = text.length >= COUNTER_FROM;
  return (
    <>
      <form
        className="flex gap-2"
        onSubmit={async (e) => {
          e.preventDefault();
          const body = text.trim();
          if (!body || why) return;
          if (body.length > MAX_CHAT) return setError(t("tooLong"));
          setBusy(true);
          setError(null);
          try {
            await send(body);
            setText("");
          } catch (err) {
            setError(errorText(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        <label htmlFor={`${id}-in`} className="sr-only">
          {t("label")}
        </label>
        <input
          id={`${id}-in`}
          className="field"
          value={text}
          maxLength={MAX_CHAT}
          disabled={why !== null || busy}
          placeholder={t("placeholder")}
          aria-describedby={[why ? `${id}-why` : "", counted ? `${id}-count` : ""].join(" ").trim() || undefined}
          onChange={(e) => setText(e.target.value)}
          data-testid="chat-input"
        />
        <button type="submit" className="btn btn-primary shrink-0" disabled={why !== null || busy || !text.trim()} data-testid="chat-send">
          {t("send")}
        </button>
      </form>
      {counted && (
        <p id={`${id}-count`} className={`-mt-1 text-right text-xs tabular-nums ${text.length >= MAX_CHAT ? "font-semibold text-danger" : "text-muted"}`} data-testid="chat-counter">
          {tl("chatCounter", { count: text.length, max: MAX_CHAT })}
        </p>
      )}
      {why && (
        <p id={`${id}-why`} className="text-xs text-muted" data-testid="chat-disabled">
          {why}
        </p>
      )}
      <ErrorNote error={error} className="text-sm text-danger" />
    </>
  );
}
