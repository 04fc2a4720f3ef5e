"use client";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { api } from "@/lib/client/api";
import { normalizeCode, ROOM_CODE, type RoomSnapshot } from "@/lib/client/room-types";
import { useErrorText } from "@/lib/client/use-error-text";
import { useMe } from "@/lib/client/use-me";
import { NameForm } from "./name-form";

export function Landing() {
  const t = useTranslations("landing");
  const tc = useTranslations("common");
  const router = useRouter();
  const errorText = useErrorText();
  const { me, signIn } = useMe();
  const codeId = useId();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);

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

  return (
    <section className="card flex flex-col gap-4" aria-labelledby="hello">
      <h2 id="hello" className="text-xl font-bold" data-testid="hello">
        {t("signedInAs", { name: me.displayName })}
      </h2>
      <button type="button" className="btn btn-primary text-lg" onClick={create} disabled={busy} data-testid="create-room">
        {t("createRoom")}
      </button>
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
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
