"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { newIdempotencyKey } from "@/lib/client/api";
import { useErrorText } from "@/lib/client/use-error-text";
import { chatChannels } from "@/lib/game/card-werewolf/chat";
import { MAX_CHAT } from "@/lib/game/core/chat-limits";
import type { ChatChannel } from "@/lib/game/card-werewolf/types";
import { useCw } from "./context";

/**
 * Table talk (CW-P11): the table's lines from the first Daytime, the Werewolf team's during the
 * Identification; a box to write in while a channel is open to this seat (dead players are silent,
 * CW-R24). Lines are plain text.
 */
export function CwChat() {
  const { view, me, player, act } = useCw();
  const t = useTranslations("cw");
  const errorText = useErrorText();
  const open = chatChannels(view.phase, view.role, view.alive[me] === true && view.players.includes(me));
  const channel: ChatChannel | undefined = open.includes("wolves") ? "wolves" : open[0];
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (view.chat.length === 0 && !channel) return null;
  const send = async () => {
    if (!channel || !text.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await act({ type: "chat", channel, text }, newIdempotencyKey());
      setText("");
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card flex flex-col gap-2" aria-labelledby="cw-chat-title" data-testid="cw-chat">
      <h2 id="cw-chat-title" className="font-bold">
        {t("chatTitle")}
      </h2>
      <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto text-sm" tabIndex={0} aria-labelledby="cw-chat-title" data-testid="chat-lines">
        {view.chat.map((l, i) => (
          <li key={i} className="wrap-anywhere" data-channel={l.channel}>
            <span className={`font-semibold ${l.channel === "wolves" ? "text-wolf" : ""}`}>{player(l.from).name}</span>
            {l.channel === "wolves" && <span className="text-wolf"> ({t("wolvesChannel")})</span>}: {l.text}
          </li>
        ))}
      </ul>
      {channel && (
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <input
            className="input min-w-0 flex-1"
            value={text}
            maxLength={MAX_CHAT}
            onChange={(e) => setText(e.target.value)}
            aria-label={channel === "wolves" ? t("chatWolves") : t("chatTable")}
            placeholder={channel === "wolves" ? t("chatWolves") : t("chatTable")}
            data-testid="chat-input"
          />
          <button type="submit" className="btn btn-primary" disabled={busy || !text.trim()} data-testid="chat-send">
            {t("chatSend")}
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
    </section>
  );
}
