"use client";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { BotIcon } from "@/components/ui/avatar";
import { api } from "@/lib/client/api";
import { normalizeCode, ROOM_CODE, type RoomSnapshot } from "@/lib/client/room-types";
import { useErrorText } from "@/lib/client/use-error-text";
import { useMe } from "@/lib/client/use-me";
import { NameForm } from "./name-form";
import { ErrorNote } from "@/components/ui/error-note";

/** One person + 7 bots is a full standard game (docs/api.md "Bots"). */
const SOLO_BOTS = 7;

export function Landing() {
  const t = useTranslations("landing");
  const tc = useTranslations("common");
  const locale = useLocale();
  const router = useRouter();
  const errorText = useErrorText();
  const { me, signIn } = useMe();
  const codeId = useId();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [botsAdded, setBotsAdded] = useState<number | null>(null);

  if (me === undefined) return <p className="card text-muted">{tc("loading")}</p>;
  if (me === null)
    return (
      <section className="card" aria-labelledby="name-title">
        <h2 id="name-title" className="mb-3 text-xl font-bold">
          {t("nameTitle")}
        </h2>
        <NameForm onSubmit={signIn} />
      </section>
    );

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const snap = await api<RoomSnapshot>("/api/rooms", "POST", {});
      router.push(snap.room.invitePath ?? `/r/${snap.room.code}`);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  // Create a room → seat 7 bots (they come ready) → ready up → the lobby, where Start is enabled.
  // Each step is one ordinary API call, so a failure leaves a normal room the player can fix by hand.
  const playWithBots = async () => {
    setBusy(true);
    setError(null);
    setBotsAdded(0);
    let path: string | null = null;
    try {
      const snap = await api<RoomSnapshot>("/api/rooms", "POST", {});
      path = snap.room.invitePath ?? `/r/${snap.room.code}`;
      for (let i = 1; i <= SOLO_BOTS; i++) {
        await api<RoomSnapshot>(`/api/rooms/${snap.room.code}/bots`, "POST", { locale });
        setBotsAdded(i);
      }
      await api<RoomSnapshot>(`/api/rooms/${snap.room.code}/ready`, "POST", { ready: true });
      router.push(path);
    } catch (e) {
      if (path) return router.push(path);
      setError(errorText(e));
      setBotsAdded(null);
      setBusy(false);
    }
  };

  return (
    <section className="card flex flex-col gap-4" aria-labelledby="hello">
      <h2 id="hello" className="text-xl font-bold" data-testid="hello">
        {t("signedInAs", { name: me.displayName })}
      </h2>
      <button type="button" className="btn btn-primary text-lg" onClick={create} disabled={busy} data-testid="create-room">
        {t("createRoom")}
      </button>
      <div className="flex flex-col gap-1">
        <button
          type="button"
          className="btn text-lg"
          onClick={playWithBots}
          disabled={busy}
          aria-describedby="solo-hint"
          data-testid="play-with-bots"
        >
          <BotIcon size={22} />
          {t("playWithBots")}
        </button>
        <p id="solo-hint" className="text-sm text-muted">
          {t("playWithBotsHint")}
        </p>
        <p role="status" className="text-sm" data-testid="bots-progress">
          {botsAdded !== null ? t("settingUpBots", { count: botsAdded, total: SOLO_BOTS }) : ""}
        </p>
      </div>
      <ErrorNote error={error} />
      <form
        className="flex flex-col gap-2"
        aria-labelledby={`${codeId}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          const c = normalizeCode(code);
          if (!ROOM_CODE.test(c)) return setCodeError(t("codeInvalid"));
          router.push(`/r/${c}`);
        }}
      >
        <h3 id={`${codeId}-title`} className="font-semibold">
          {t("joinTitle")}
        </h3>
        <label htmlFor={codeId} className="sr-only">
          {t("codeLabel")}
        </label>
        <div className="flex gap-2">
          <input
            id={codeId}
            className="field font-mono text-lg tracking-[0.3em] uppercase"
            value={code}
            maxLength={6}
            autoCapitalize="characters"
            autoComplete="off"
            placeholder={t("codePlaceholder")}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? `${codeId}-err` : undefined}
            onChange={(e) => {
              setCode(e.target.value);
              setCodeError(null);
            }}
            data-testid="code-input"
          />
          <button type="submit" className="btn" data-testid="join-code">
            {t("join")}
          </button>
        </div>
        {codeError && (
          <p id={`${codeId}-err`} role="alert" className="text-danger">
            {codeError}
          </p>
        )}
      </form>
    </section>
  );
}
