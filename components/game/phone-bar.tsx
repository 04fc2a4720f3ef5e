"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { CHAT_SECTION_ID } from "./chat-panel";
import { useGameCtx } from "./game-context";
import { PLAYERS_SECTION_ID } from "./player-grid";

/** Smooth unless the player asked for less motion. */
const behavior = (): ScrollBehavior => (window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth");
const scrollToSection = (id: string) => document.getElementById(id)?.scrollIntoView({ behavior: behavior(), block: "start" });
const scrollToTop = () => window.scrollTo({ top: 0, behavior: behavior() });

/**
 * Chat lines from others that arrived while the chat was out of sight. "Looked at" means at least
 * half of the chat (or of the screen, for a chat taller than it) was on screen.
 */
function useUnreadChat(others: number): { unread: number; markSeen: () => void } {
  const [seen, setSeen] = useState(others);
  const [inView, setInView] = useState(false);
  const latest = useRef(others);
  useEffect(() => {
    latest.current = others;
  }, [others]);
  useEffect(() => {
    const el = document.getElementById(CHAT_SECTION_ID);
    if (!el) return;
    const io = new IntersectionObserver(
      ([e]) => {
        const visible = e.intersectionRect.height >= Math.min(e.boundingClientRect.height, window.innerHeight) / 2;
        setInView(visible);
        // Entering or leaving, whatever was there while it showed has been seen.
        setSeen(latest.current);
      },
      { threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return { unread: inView ? 0 : Math.max(0, others - seen), markSeen: () => setSeen(latest.current) };
}

/**
 * The phone's way around the game screen (below lg, where it is one long column): Players, Chat
 * with an unread count, and Role (the top: role card and what to do now), or Results at the end.
 */
export function PhoneBar() {
  const { view, me } = useGameCtx();
  const t = useTranslations("layout");
  const { unread, markSeen } = useUnreadChat(view.chat.filter((c) => c.from !== me).length);
  return (
    <nav
      aria-label={t("barLabel")}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
      data-testid="phone-bar"
    >
      <div className="mx-auto grid max-w-xl grid-cols-3">
        <BarButton label={view.ended ? t("results") : t("role")} onClick={scrollToTop} testId="bar-top" icon={view.ended ? <TrophyIcon /> : <CardIcon />} />
        <BarButton label={t("players")} onClick={() => scrollToSection(PLAYERS_SECTION_ID)} testId="bar-players" icon={<PeopleIcon />} />
        <BarButton
          label={t("chat")}
          onClick={() => {
            markSeen();
            scrollToSection(CHAT_SECTION_ID);
          }}
          testId="bar-chat"
          icon={<ChatIcon />}
          badge={
            unread > 0 && (
              <span
                className="absolute -top-1 left-1/2 ml-2 min-w-5 rounded-full bg-accent px-1 text-center text-xs leading-5 font-bold text-on-accent"
                aria-hidden="true"
                data-testid="chat-unread"
                data-count={unread}
              >
                {unread > 99 ? "99+" : unread}
              </span>
            )
          }
          srExtra={unread > 0 ? t("unread", { count: unread }) : null}
        />
      </div>
    </nav>
  );
}

function BarButton({
  label,
  onClick,
  testId,
  icon,
  badge,
  srExtra,
}: {
  label: string;
  onClick: () => void;
  testId: string;
  icon: ReactNode;
  badge?: ReactNode;
  /** Said after the visible word, so the accessible name starts with it (WCAG 2.5.3). */
  srExtra?: string | null;
}) {
  return (
    <button type="button" className="relative flex min-h-14 min-w-0 flex-col items-center justify-center gap-0.5 px-1 text-xs font-semibold" onClick={onClick} data-testid={testId}>
      <span className="relative">
        {icon}
        {badge}
      </span>
      <span className="max-w-full leading-tight">{label}</span>
      {srExtra && <span className="sr-only">{srExtra}</span>}
    </button>
  );
}

const icon = (d: string) => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d={d} />
  </svg>
);
const CardIcon = () => icon("M7 3h10a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM12 8l2 3-2 3-2-3z");
const PeopleIcon = () => icon("M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20a6 6 0 0 1 12 0M16 5a3 3 0 0 1 0 6M21 20a6 6 0 0 0-4-5.6");
const ChatIcon = () => icon("M4 5h16v11H9l-5 4z");
const TrophyIcon = () => icon("M8 4h8v5a4 4 0 0 1-8 0zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8");
