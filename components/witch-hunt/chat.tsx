"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { newIdempotencyKey } from "@/lib/client/api";
import { chatTabs, type ChatTab } from "@/lib/client/witch-hunt/chat-tabs";
import { chatChannels } from "@/lib/game/witch-hunt/chat";
import { ChatComposer, ChatLog, ChatTabStrip, type ChatBoxLine } from "../game/chat-box";
import { useWh } from "./context";

const keyOf = (x: ChatTab) => `${x.channel}-${x.day}`;

/**
 * Table talk online (WH-P10): the table's chat by day, from the Evening to the vote's result, where
 * frogs and expelled cats may write (their lines say so); the witches' own chat while the others pick
 * and in their 15 s, for witches still in the game. Messages render as plain text.
 */
export function WhChat() {
  const { view, me, player, act } = useWh();
  const t = useTranslations("chat");
  const tw = useTranslations("wh");
  const tv = useTranslations("watch");
  const id = useId();
  const ended = view.phase === "ended";
  const tabs = chatTabs(view);
  const open = view.players.includes(me) && !ended ? chatChannels(view.phase, view.role, view.form[me]) : [];
  const now: ChatTab | null = view.day === 0 ? null : { channel: open.includes("coven") ? "coven" : "table", day: view.day };
  // A tab picked by hand holds until the step changes, then "now" takes over again.
  const step = `${view.phase}:${view.day}`;
  const [picked, setPicked] = useState<{ step: string; key: string } | null>(null);
  const active = tabs.find((x) => picked?.step === step && keyOf(x) === picked.key) ?? now;
  const formNote = (p: string) => (view.form[p] === "frog" ? ` (${tw("frog")})` : view.form[p] === "expelled" ? ` (${tw("expelled")})` : "");
  const lines: ChatBoxLine[] = active
    ? [
        { key: "head", system: true, text: active.channel === "coven" ? tw("covenTab", { n: active.day }) : t("dayTab", { n: active.day }) },
        ...view.chat
          .filter((c) => c.channel === active.channel && c.day === active.day)
          .map((c, i) => ({ key: `${c.at}-${i}`, from: `${player(c.from).name}${formNote(c.from)}`, text: c.text })),
      ]
    : [];
  const why = ((): string | null => {
    if (ended) return t("disabledEnded");
    if (!view.players.includes(me)) return tv("noChat");
    if (!active) return t("disabledLobby");
    if (now && keyOf(active) !== keyOf(now) && active.day !== view.day) return t("disabledOldDay");
    if (open.includes(active.channel)) return null;
    return active.channel === "coven" ? tw("covenClosed") : tw("tableClosed");
  })();
  return (
    <section className="card flex min-h-0 min-w-0 flex-col gap-2" aria-labelledby={`${id}-t`} data-testid="chat">
      <h2 id={`${id}-t`} className="font-bold">
        {t("title")}
      </h2>
      <ChatTabStrip
        id={id}
        tabs={tabs.map((x) => ({ key: keyOf(x), label: x.channel === "coven" ? tw("covenTab", { n: x.day }) : t("dayTab", { n: x.day }), secret: x.channel === "coven" }))}
        active={active ? keyOf(active) : null}
        onPick={(key) => setPicked({ step, key })}
      />
      <div id={`${id}-panel`} role={tabs.length ? "tabpanel" : undefined} aria-labelledby={active && tabs.length ? `${id}-tab-${keyOf(active)}` : undefined}>
        <ChatLog lines={lines} follow={active ? keyOf(active) : ""} />
      </div>
      <ChatComposer id={id} why={why} send={(text) => act({ type: "chat", channel: active!.channel, text }, newIdempotencyKey())} />
    </section>
  );
}
