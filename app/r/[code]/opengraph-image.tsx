// The picture of a pasted invite link: the moon, "Ma Sói", the host's name and the room code.
// Public lobby facts only (lib/server/rooms/invite-card.ts). Drawn with the font next/og ships:
// text it cannot draw would make it fetch fonts from the network, so such a name is left out
// (the preview's title, drawn by the messenger itself, always carries it).
import { ImageResponse } from "next/og";
import { serverDb } from "@/lib/server/db";
import { inviteCard } from "@/lib/server/rooms/invite-card";

export const alt = "Ma Sói";
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

/** Basic Latin and Latin-1: what the bundled font surely has. */
const drawable = (s: string) => /^[\u0020-\u007e\u00a0-\u00ff]+$/.test(s);

export default async function Image({ params }: { params: Promise<{ code: string }> }) {
  const raw = (await params).code;
  const card = await serverDb()
    .then((db) => inviteCard(db, raw))
    .catch(() => null);
  const code = card?.code ?? "";
  const host = card && drawable(card.hostName) ? card.hostName : null;
  return new ImageResponse(
    (
      <div
        style={{
          width: "100%",
          height: "100%",
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: "center",
          background: "linear-gradient(180deg, #0b1020 0%, #1b2250 100%)",
          color: "#f1f3ff",
          gap: 24,
        }}
      >
        <svg width="160" height="160" viewBox="0 0 24 24">
          <path d="M15 3a9 9 0 1 0 6 15A7 7 0 0 1 15 3z" fill="#f4c15d" />
        </svg>
        <div style={{ fontSize: 96, letterSpacing: 2 }}>Ma Sói</div>
        {host && <div style={{ fontSize: 56, color: "#c9cdf2", maxWidth: 1080, textAlign: "center" }}>{host}</div>}
        {code && <div style={{ fontSize: 72, letterSpacing: 16, color: "#f4c15d" }}>{code}</div>}
      </div>
    ),
    size,
  );
}
