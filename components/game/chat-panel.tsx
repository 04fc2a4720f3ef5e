"use client";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { newIdempotencyKey } from "@/lib/client/api";
import { useErrorText } from "@/lib/client/use-error-text";
import { useNameList } from "@/lib/client/use-name-list";
import { MAX_CHAT } from "@/lib/game/werewolf/chat-limits";
import type { ChatLine } from "@/lib/game/werewolf/types";
import { chatTabs, currentChatTab, tabKey, type ChatTab as Tab } from "@/lib/client/werewolf/chat-tabs";
import { dayItems } from "@/lib/client/werewolf/day-log";
import { useChatLineText } from "@/lib/client/werewolf/bot-line";
import { useGameCtx } from "./game-context";
import { isNight, useSpeaker } from "./labels";

/** The section's id: the phone bar's Chat button scrolls to it and watches whether it is in view. */
export const CHAT_SECTION_ID = "game-chat";
/** The character counter shows from here on, as the 500-character limit (MAX_CHAT) comes near. */
const COUNTER_FROM = 400;

interface Line {
  key: string;
  system?: boolean;
  from?: string;
  text: string;
}

/**
 * Public chat by day (S-CHAT-2), wolf chat by night for living wolves (S-CHAT-3), system lines
 * with public facts only (S-CHAT-4). Messages render as plain text: no HTML, no live links.
 */
export function ChatPanel() {
  const { view, me, player, act } = useGameCtx();
  const t = useTranslations("chat");
  const tl = useTranslations("layout");
  const tw = useTranslations("watch");
  const list = useNameList();
  const errorText = useErrorText();
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
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const stripRef = useRef<HTMLDivElement>(null);

  const lines = useMemo(() => (active ? linesFor(active) : []), [active, view]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length, active?.channel, active?.n]);
  // The strip scrolls sideways only: the active tab is centred in it, the page itself never moves.
  const activeKey = active ? tabKey(active) : null;
  useEffect(() => {
    const strip = stripRef.current;
    const tab = strip?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!strip || !tab) return;
    const s = strip.getBoundingClientRect();
    const b = tab.getBoundingClientRect();
    strip.scrollLeft += b.left - s.left - (s.width - b.width) / 2;
  }, [activeKey, tabs.length]);

  const canSend = active ? view.legal.some((a) => a.type === "chat" && a.channel === active.channel) : false;
  const isCurrent = active && now && tabKey(active) === tabKey(now);
  const why = canSend && isCurrent ? null : disabledReason();
  const counted = text.length >= COUNTER_FROM;

  return (
    <section id={CHAT_SECTION_ID} className="card flex min-h-0 min-w-0 flex-col gap-2" aria-labelledby={`${id}-t`} data-testid="chat">
      <h2 id={`${id}-t`} className="font-bold">
        {t("title")}
      </h2>
      {tabs.length > 0 && (
        <div ref={stripRef} role="tablist" aria-label={t("title")} className="flex gap-1 overflow-x-auto pb-1" data-testid="chat-tabs">
          {tabs.map((x) => {
            const selected = active !== null && tabKey(x) === tabKey(active);
            return (
              <button
                key={tabKey(x)}
                type="button"
                role="tab"
                id={`${id}-tab-${tabKey(x)}`}
                aria-selected={selected}
                aria-controls={`${id}-panel`}
                className={`btn btn-sm shrink-0 ${selected ? "btn-primary" : ""} ${x.channel === "wolves" && !selected ? "text-wolf" : ""}`}
                onClick={() => setChosen(tabKey(x))}
                data-testid={`chat-tab-${tabKey(x)}`}
              >
                {x.channel === "day" ? t("dayTab", { n: x.n }) : t("wolfTab", { n: x.n })}
              </button>
            );
          })}
        </div>
      )}
      <div id={`${id}-panel`} role={tabs.length ? "tabpanel" : undefined} aria-labelledby={active ? `${id}-tab-${tabKey(active)}` : undefined}>
      <ol
        ref={listRef}
        tabIndex={0}
        aria-label={t("title")}
        className="flex max-h-80 min-h-32 flex-col gap-1 overflow-y-auto rounded-xl bg-surface-2 p-2 text-sm"
        data-testid="chat-log"
      >
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
      </div>
      <form
        className="flex gap-2"
        onSubmit={async (e) => {
          e.preventDefault();
          const body = text.trim();
          if (!body || !active || why) return;
          // The engine's measure (UTF-16 units of the trimmed text), as the input's maxLength counts.
          if (body.length > MAX_CHAT) return setError(t("tooLong"));
          setBusy(true);
          setError(null);
          try {
            await act({ type: "chat", channel: active.channel, text: body }, newIdempotencyKey());
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
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
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
