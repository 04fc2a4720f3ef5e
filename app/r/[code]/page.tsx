import type { Metadata } from "next";
import { headers } from "next/headers";
import { QrCode } from "@/components/room/qr-code";
import { RoomScreen } from "@/components/room/room-screen";
import { getTranslator } from "@/lib/i18n/server";
import { normalizeCode } from "@/lib/client/room-types";
import { serverDb } from "@/lib/server/db";
import { inviteCard } from "@/lib/server/rooms/invite-card";

/**
 * The invite link `/r/CODE`. The HTML carries only the code and its invite link; everything the
 * player may see is fetched by the browser from the API, under that player's RLS.
 */
export default async function RoomPage({ params }: { params: Promise<{ code: string }> }) {
  const code = normalizeCode((await params).code).replace(/[^A-Z0-9]/g, "").slice(0, 12);
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") ?? "http";
  const inviteUrl = `${proto}://${host}/r/${code}`;
  const t = await getTranslator();
  return <RoomScreen code={code} inviteUrl={inviteUrl} qr={<QrCode text={inviteUrl} label={t("lobby.qrAlt", { code })} />} />;
}

/**
 * What a pasted invite link previews as: "Join <host>'s room" in the visitor's language (a crawler
 * without Accept-Language gets Vietnamese). Only public lobby facts: the code and the host's name.
 */
export async function generateMetadata({ params }: { params: Promise<{ code: string }> }): Promise<Metadata> {
  const code = normalizeCode((await params).code).replace(/[^A-Z0-9]/g, "").slice(0, 12);
  const t = await getTranslator();
  const card = await serverDb()
    .then((db) => inviteCard(db, code))
    .catch(() => null);
  if (!card) return { title: `${t("app.title")} · ${code}` };
  const title = t("polish.inviteTitle", { host: card.hostName });
  const description = t("polish.inviteDescription", { code: card.code });
  return {
    title: `${title} · ${t("app.title")}`,
    description,
    openGraph: { title, description, type: "website", siteName: t("app.title") },
    twitter: { card: "summary_large_image", title, description },
  };
}
