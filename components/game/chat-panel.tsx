"use client";
import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { newIdempotencyKey } from "@/lib/client/api";
import { useNameList } from "@/lib/client/use-name-list";
import type { ChatLine } from "@/lib/game/werewolf/types";
import { chatTabs, currentChatTab, tabKey, type ChatTab as Tab } from "@/lib/client/werewolf/chat-tabs";
import { dayItems } from "@/lib/client/werewolf/day-log";
import { useChatLineText } from "@/lib/client/werewolf/bot-line";
import { useGameCtx } from "./game-context";
import { ChatComposer, ChatLog, ChatTabStrip, type ChatBoxLine } from "./chat-box";
import { useSpeaker } from "./labels";
import { isNight } from "./theme";

/** The section's id: the phone bar's Chat button scrolls to it and watches whether it is in view. */
export const CHAT_SECTION_ID = "game-chat";
type Line = ChatBoxLine;

/**
 * Public chat by day (S-CHAT-2), wolf chat by night for living wolves (S-CHAT-3), system lines
 * with public facts only (S-CHAT-4). Messages render as plain text: no HTML, no live links.
 */
export function ChatPanel() {
  const { view, me, player, act } = useGameCtx();
  const t = useTranslations("chat");
  const tw = useTranslations("watch");
  const list = useNameList();
  const id = useId();
  const tabs = useMemo(() => chatTabs(view, me), [view, me]);
  const speaker = useSpeaker((p) => player(p).name, view.players);
  // Bots' lines in the reader's language, with names (lib/client/werewolf/bot-line.ts).
  const lineText = useChatLineText(view.players, player);
  const now = currentChatTab(view.phase, view.day, tabs);
  // A tab picked by hand holds until the phase changes, then "now" takes over again.
  const phaseKey = `${view.phase}:${view.day}`;
  const [picked, setPicked] = useState<{ phaseKey: string; tab: string } | null>(null);
  const chosen = picked?.phaseKey === phaseKey ? picked.tab : null;
  const setChosen = (tab: string) => setPicked({ phaseKey, tab });
  const active = tabs.find((x) => tabKey(x) === chosen) ?? now;

  const lines = useMemo(() => (active ? linesFor(active) : []), [active, view]); // eslint-disable-line react-hooks/exhaustive-deps

  const canSend = active ? view.legal.some((a) => a.type === "chat" && a.channel === active.channel) : false;
  const isCurrent = active && now && tabKey(active) === tabKey(now);
  const why = canSend && isCurrent ? null : disabledReason();

  return (
    <section id={CHAT_SECTION_ID} className="card flex min-h-0 min-w-0 flex-col gap-2" aria-labelledby={`${id}-t`} data-testid="chat">
      <h2 id={`${id}-t`} className="font-bold">
        {t("title")}
      </h2>
      <ChatTabStrip
        id={id}
        tabs={tabs.map((x) => ({ key: tabKey(x), label: x.channel === "day" ? t("dayTab", { n: x.n }) : t("wolfTab", { n: x.n }), secret: x.channel === "wolves" }))}
        active={active ? tabKey(active) : null}
        onPick={setChosen}
      />
      <div id={`${id}-panel`} role={tabs.length ? "tabpanel" : undefined} aria-labelledby={active ? `${id}-tab-${tabKey(active)}` : undefined}>
      <ChatLog lines={lines} follow={`${active?.channel}:${active?.n}`} />
      </div>
      <ChatComposer id={id} why={why} send={(text) => act({ type: "chat", channel: active!.channel, text }, newIdempotencyKey())} />
    </section>
  );

  function disabledReason(): string {
    if (view.ended) return t("disabledEnded");
    // A spectator (no seat) never chats: there is no spectator chat (docs/api.md, "Spectators").
    if (!view.players.includes(me)) return tw("noChat");
    if (view.alive[me] === false) return t("disabledDead");
    if (active && now && tabKey(active) !== tabKey(now)) return t("disabledOldDay");
    if (active?.channel === "wolves") return t("disabledWolfDay");
    if (isNight(view.phase)) return t("disabledNight");
    if (view.phase === "vote" || view.phase === "sheriff.election") return t("disabledVote");
    return t("disabledLobby");
  }

  function linesFor(tab: Tab): Line[] {
    const chat = (c: ChatLine, i: number): Line => ({ key: `c${c.at}-${i}`, from: speaker(c.from), text: lineText(c) });
    if (tab.channel === "wolves") return view.chat.filter((c) => c.channel === "wolves" && c.day === tab.n).map(chat);
    const sys = (key: string, text: string): Line => ({ key, system: true, text });
    const names = (ps: string[]) => list(ps.map((p) => player(p).name));
    const dawnDead = view.deaths.filter((d) => d.day === tab.n && d.when === "dawn").flatMap((d) => d.players);
    const out: Line[] = [sys("day", t("sysDay", { n: tab.n })), sys("dawn", dawnDead.length ? t("sysDeaths", { names: names(dawnDead) }) : t("sysNoDeaths"))];
    dayItems(tab.n, view.chat, view.deaths, view.tallies, view.candidates !== null).forEach((item, i) => {
      if (item.kind === "chat") out.push(chat(item.line, i));
      else if (item.kind === "deaths")
        out.push(sys(`d${i}`, item.death.when === "shot" ? t("sysShot", { name: names(item.death.players) }) : t("sysDeaths", { names: names(item.death.players) })));
      else {
        const x = item.tally;
        const text =
          x.kind === "sheriff"
            ? x.result
              ? t("sysSheriff", { name: player(x.result).name })
              : t("sysNoElimination")
            : x.result
              ? t("sysEliminated", { name: player(x.result).name })
              : item.followedByRevote
                ? t("sysTie", { names: names(x.tied) })
                : t("sysNoElimination");
        out.push(sys(`t${i}`, text));
      }
    });
    return out;
  }
}
