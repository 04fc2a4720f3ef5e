"use client";
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { uiOf } from "@/components/modes";
import { TopBar } from "@/components/ui/top-bar";
import { api } from "@/lib/client/api";
import type { RoomRead, RoomSnapshot } from "@/lib/client/room-types";
import { useErrorText } from "@/lib/client/use-error-text";
import { useGame } from "@/lib/client/use-game";
import { useMe } from "@/lib/client/use-me";
import { usePresenceRecheck } from "@/lib/client/use-presence-recheck";
import { useRealtime } from "@/lib/client/use-realtime";
import { useRoom } from "@/lib/client/use-room";
import { roomOfTopic } from "@/lib/realtime/topics";
import { ConnectionBanner } from "./connection-banner";
import { InviteScreen } from "./invite-screen";

// Loaded when needed: an invitee's first screen carries neither the lobby nor the game code.
const Lobby = dynamic(() => import("@/components/lobby/lobby").then((m) => m.Lobby));

/** Realtime may drop a signal: a slow background refetch catches anything missed (design §4). */
const HEARTBEAT_MS = 20_000;
/** A visitor cannot join the room's topic: the invite preview is read again this often instead. */
const PREVIEW_POLL_MS = 3_000;

/**
 * `/r/CODE`: sign in → join → lobby → game → results → lobby, every step rebuilt from the API so a
 * reload lands on the same screen with the same state (W-ROOM-5).
 */
export function RoomScreen({ code, inviteUrl, qr }: { code: string; inviteUrl: string; qr: ReactNode }) {
  const t = useTranslations();
  const router = useRouter();
  const errorText = useErrorText();
  const { me, signIn } = useMe();
  // A visitor without a session reads the invite preview too (who is in, whether a game runs).
  const { load, refresh, set } = useRoom(code, me !== undefined);
  const read = load.state === "ok" ? load.snap : null;
  const snap = read && isSnapshot(read) ? read : null;
  const preview = read && !isSnapshot(read) ? read : null;
  const member = snap !== null;
  const gameId = member && snap?.room.status === "playing" ? snap.room.gameId : null;
  const ui = uiOf(snap?.room.settings.mode);
  const game = useGame(gameId, ui.loadFold);
  const isHost = !!snap && snap.room.hostId === snap.me.userId;
  const status = useRealtime(
    member && snap ? snap.room.id : null,
    (signal) => {
      if (signal?.delivery) game.deliver(signal.delivery);
      // A (re)connect or a room change (the stream may have moved to a new topic epoch): read what
      // may have been missed. A signal without a delivery means "read" too.
      else {
        if (!signal || signal.kind === "room") refresh();
        game.refresh();
      }
      // Attendance (absent players) lives in the room read and moves with public game events;
      // only the host is shown it, so only the host pays for the extra read.
      if (signal && isHost && gameId && signal.kind === "events" && roomOfTopic(signal.topic) === snap?.room.id) refresh();
    },
    snap?.room.topic,
  );
  usePresenceRecheck(isHost, snap?.members.map((m) => m.userId).join() ?? "", refresh);
  const [joinError, setJoinError] = useState<string | null>(null);

  const refreshGame = game.refresh;
  // After its own action or a deadline nudge the game screen catches up: an open stream delivers
  // the change itself (a read too would only cost the server).
  const streamCarriesGame = status === "open";
  const catchUp = useCallback(() => {
    if (!streamCarriesGame) refreshGame();
  }, [streamCarriesGame, refreshGame]);
  useEffect(() => {
    if (!member) return;
    const id = setInterval(() => {
      refresh();
      refreshGame();
    }, HEARTBEAT_MS);
    return () => clearInterval(id);
  }, [member, refresh, refreshGame]);

  useEffect(() => {
    if (!preview) return;
    const id = setInterval(refresh, PREVIEW_POLL_MS);
    return () => clearInterval(id);
  }, [preview, refresh]);

  const join = async ({ name, watch }: { name?: string; watch: boolean }) => {
    setJoinError(null);
    try {
      if (!me && name) await signIn(name);
      set(await api<RoomSnapshot>(`/api/rooms/${code}/join`, "POST", { ...(name ? { displayName: name } : {}), ...(watch ? { watch } : {}) }));
    } catch (e) {
      setJoinError(errorText(e));
      refresh();
    }
  };

  const view = gameId ? game.view : null;
  const account = { code, inLobby: member && snap?.room.status === "lobby", inGame: !!gameId, onRenamed: refresh };
  const theme = ui.theme(view);

  let body: ReactNode;
  if (me === undefined || load.state === "loading") body = <p className="card text-muted">{t("common.loading")}</p>;
  else if (load.state === "missing") body = <Notice text={t("lobby.notFound", { code })} />;
  else if (load.state === "error") body = <Notice text={errorText(load.error)} />;
  else if (preview?.room.removed)
    // Kicks hold (docs/api.md): told on the spot by the kick's signal, and on every later visit.
    body = (
      <section role="alert" className="card mx-auto flex w-full max-w-md flex-col gap-2 text-center" data-testid="removed-notice">
        <p className="text-lg font-bold">{t("host.removedNotice")}</p>
        <p className="text-muted">{t("host.removedHint")}</p>
      </section>
    );
  else if (preview) body = <InviteScreen preview={preview} signedIn={!!me} error={joinError} onJoin={join} />;
  else if (snap && snap.room.status === "lobby")
    body = <Lobby snap={snap} onSnap={set} refresh={refresh} onLeft={() => router.push("/")} inviteUrl={inviteUrl} qr={qr} />;
  else if (snap && gameId && view)
    return (
      <div className="themed" data-theme={theme}>
        <TopBar title={t("app.title")} room={account} />
        <ConnectionBanner status={status} />
        <ui.GameScreen
          gameId={gameId}
          view={view}
          members={snap.members}
          clock={game.clock}
          refresh={catchUp}
          isHost={isHost}
          onPlayAgain={async () => set(await api<RoomSnapshot>(`/api/rooms/${snap.room.code}/reset`, "POST", {}))}
          onStopWatching={async () => {
            await api(`/api/rooms/${snap.room.code}/leave`, "POST", {});
            router.push("/");
          }}
          onEndGame={async () => {
            set(await api<RoomSnapshot>(`/api/rooms/${snap.room.code}/end-game`, "POST", {}));
            catchUp();
          }}
        />
      </div>
    );
  else body = game.error ? <Notice text={errorText(game.error)} /> : <p className="card text-muted">{t("common.loading")}</p>;

  return (
    <div className="themed" data-theme={theme}>
      <TopBar title={t("app.title")} room={account} />
      {member && <ConnectionBanner status={status} />}
      <main id="main" className="mx-auto w-full max-w-5xl px-4 py-4">
        {body}
      </main>
    </div>
  );
}

const isSnapshot = (r: RoomRead): r is RoomSnapshot => r.me.isMember;

function Notice({ text }: { text: string }) {
  return (
    <p role="alert" className="card mx-auto max-w-md text-center">
      {text}
    </p>
  );
}
