import Link from "next/link";
import type { ReactNode } from "react";
import { AccountMenu, type AccountRoom } from "./account-menu";
import { LanguageSwitcher } from "./language-switcher";

export function TopBar({ title, room, children }: { title: string; room?: AccountRoom; children?: ReactNode }) {
  return (
    <header className="relative mx-auto flex w-full max-w-5xl items-center justify-between gap-2 px-4 pt-3">
      <Link href="/" className="flex shrink-0 items-center gap-2 text-lg font-bold tracking-wide">
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M15 3a9 9 0 1 0 6 15A7 7 0 0 1 15 3z" fill="var(--accent)" />
        </svg>
        {title}
      </Link>
      <div className="flex min-w-0 items-center gap-2">
        {children}
        <AccountMenu room={room} />
        <LanguageSwitcher />
      </div>
    </header>
  );
}
