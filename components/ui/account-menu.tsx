"use client";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { api } from "@/lib/client/api";
import { useErrorText } from "@/lib/client/use-error-text";
import { useMe } from "@/lib/client/use-me";
import { NameForm } from "@/components/landing/name-form";
import { ErrorNote } from "./error-note";

/** The room the page shows, if any: a rename there renames the seat too (W-ROOM-3, lobby only). */
export interface AccountRoom {
  code: string;
  /** A member of the room while it is in its lobby: the seat is renamed too. */
  inLobby: boolean;
  /** A player of its running game: the game keeps the name it started with. */
  inGame: boolean;
  onRenamed: () => void;
}

/**
 * The signed-in player's name in the top bar, opening a small panel: change the name (same
 * rules as signing in, checked by the server) or sign out. A disclosure, not an ARIA menu: it
 * holds a form. Escape or a click outside closes it. The panel hangs from the top bar's right
 * edge (the bar is its positioned parent), so it never leaves a phone's screen.
 */
export function AccountMenu({ room }: { room?: AccountRoom }) {
  const t = useTranslations("polish");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const { me, signIn, signOut } = useMe();
  const router = useRouter();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  if (!me) return null;
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  /** Refusals are shown by the form. */
  const rename = async (name: string) => {
    // The seat first: it may refuse a name another member has, and then nothing changed.
    if (room?.inLobby) await api(`/api/rooms/${room.code}/name`, "POST", { displayName: name });
    await signIn(name);
    room?.onRenamed();
    setEditing(false);
    setNote(room?.inGame ? t("nameInGame") : t("nameSaved"));
  };

  return (
    <div
      ref={box}
      className="min-w-0"
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="btn btn-sm btn-ghost max-w-[8.5rem] min-w-0 !px-2 sm:max-w-[14rem]"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={t("accountOf", { name: me.displayName })}
        onClick={() => {
          setOpen(!open);
          setEditing(false);
          setError(null);
          setNote(null);
        }}
        data-testid="account-toggle"
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" className="shrink-0">
          <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-5 0-9 2.5-9 6v2h18v-2c0-3.5-4-6-9-6z" fill="currentColor" />
        </svg>
        <span className="truncate" data-testid="account-name">
          {me.displayName}
        </span>
      </button>
      {open && (
        <div
          id={`${id}-panel`}
          className="card absolute top-full right-4 z-40 mt-2 flex w-[min(18rem,calc(100vw-2rem))] flex-col gap-2 shadow-xl"
          role="group"
          aria-label={t("account")}
          data-testid="account-panel"
        >
          <p className="font-semibold break-all">{me.displayName}</p>
          {editing ? (
            <NameForm
              compact
              initial={me.displayName}
              label={t("newName")}
              submitLabel={t("saveName")}
              testIds={{ input: "account-name-input", submit: "account-name-save" }}
              onSubmit={rename}
              extra={
                <button type="button" className="btn btn-sm flex-1" onClick={() => setEditing(false)}>
                  {tc("cancel")}
                </button>
              }
            />
          ) : (
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => {
                setEditing(true);
                setNote(null);
              }}
              data-testid="account-rename"
            >
              {t("changeName")}
            </button>
          )}
          {note && (
            <p role="status" className="text-sm text-ok">
              {note}
            </p>
          )}
          <ErrorNote error={error} className="text-sm text-danger" />
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await signOut();
                // Back to the start: no room, stream or game of the old session stays on screen.
                setOpen(false);
                setBusy(false);
                router.push("/");
              } catch (e) {
                setError(errorText(e));
                setBusy(false);
              }
            }}
            data-testid="account-signout"
          >
            {t("signOut")}
          </button>
        </div>
      )}
    </div>
  );
}
