// Cosmetic appearances (W-ROOM-2): a coloured disc with a glyph. Purely decorative next to the
// player's name, so it is hidden from assistive technology.
import { BOT_APPEARANCE, isBotAppearance } from "@/lib/bot-appearance";

const glyphs: string[] = [
  "M15 3a9 9 0 1 0 6 15A7 7 0 0 1 15 3z",
  "M12 2l3 7h7l-5.5 4.5L18.5 21 12 16.5 5.5 21l2-7.5L2 9h7z",
  "M4 20C4 10 10 4 20 4c0 10-6 16-16 16z",
  "M12 2c1 4 6 6 6 12a6 6 0 0 1-12 0c0-3 2-5 3-7 1 2 1 3 3 4 0-3-1-6 0-9z",
  "M12 2C9 7 5 11 5 15a7 7 0 0 0 14 0c0-4-4-8-7-13z",
  "M12 5a7 7 0 1 1 0 14a7 7 0 0 1 0-14z",
  "M2 20L9 7l4 7 3-4 6 10z",
  "M2 13c3-4 5-4 8 0s5 4 8 0 4-2 4-2v10H2z",
  "M12 2a4 4 0 0 1 0 8 4 4 0 0 1 0-8zm0 12a4 4 0 0 1 0 8 4 4 0 0 1 0-8zM2 12a4 4 0 0 1 8 0 4 4 0 0 1-8 0zm12 0a4 4 0 0 1 8 0 4 4 0 0 1-8 0z",
  "M3 3l5 5h8l5-5-1 10-8 8-8-8z",
  "M5 4l3 3h8l3-3v10a7 7 0 0 1-14 0z",
  "M2 12a10 8 0 0 1 20 0zM9 12h6v8H9z",
];

export const appearances = glyphs.map((_, i) => `a${i + 1}`);

/**
 * The server's appearances for bots (lib/bot-appearance.ts): a robot in every one (a square, a round
 * and a visored head in eight colours), never one a person can pick.
 */
const botGlyph = "M11 2h2v3h5a3 3 0 0 1 3 3v9a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V8a3 3 0 0 1 3-3h5zM8 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm8 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM9 16v2h6v-2z";
const botGlyphs = [
  botGlyph,
  // Round head, antenna with a ball.
  "M10.5 3a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0zM11.3 4.5h1.4V7h-1.4zM4 14a8 7 0 1 0 16 0a8 7 0 1 0-16 0zM7.4 13a1.6 1.6 0 1 0 3.2 0a1.6 1.6 0 1 0-3.2 0zM13.4 13a1.6 1.6 0 1 0 3.2 0a1.6 1.6 0 1 0-3.2 0zM9 16.5h6V18H9z",
  // Visored head with two antennas and side bolts.
  "M7 2h1.5v4H7zM15.5 2H17v4h-1.5zM5 6h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2zM.5 10h2v6h-2zM21.5 10h2v6h-2zM6 10h12v4H6zM9 16.5h6V18H9z",
];
/** Variant 0 (`bot`) keeps the first bots' colours; the others turn the hue around the wheel. */
function botLook(appearance: string | null | undefined): { glyph: string; bg: string; fg: string } {
  const n = appearance === BOT_APPEARANCE ? 0 : Number((appearance ?? "").slice(4)) - 1;
  if (n <= 0) return { glyph: botGlyph, bg: "#3d4a5c", fg: "#9fe3ff" };
  const hue = (200 + n * 45) % 360;
  return { glyph: botGlyphs[n % botGlyphs.length], bg: `hsl(${hue} 28% 30%)`, fg: `hsl(${hue} 85% 80%)` };
}

/** The robot head alone, in the text colour, for buttons about bots. */
export function BotIcon({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={botGlyph} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}

function indexOf(appearance: string | null | undefined, seed: string | undefined): number {
  const i = appearances.indexOf(appearance ?? "");
  if (i >= 0) return i;
  // Not one of ours (e.g. the server's default): a stable pick from the player id.
  let h = 0;
  for (const c of seed ?? appearance ?? "") h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h % glyphs.length;
}

export function Avatar({ appearance, seed, size = 40, dead = false }: { appearance?: string | null; seed?: string; size?: number; dead?: boolean }) {
  const bot = isBotAppearance(appearance) ? botLook(appearance) : null;
  const i = indexOf(appearance, seed);
  const hue = (i * 37 + 200) % 360;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="shrink-0" data-appearance={bot ? "bot" : undefined}>
      {bot ? (
        <rect width="32" height="32" rx="9" fill={dead ? "#555b66" : bot.bg} />
      ) : (
        <circle cx="16" cy="16" r="16" fill={dead ? "#555b66" : `hsl(${hue} 50% 38%)`} />
      )}
      <g transform="translate(6 6) scale(0.8333)">
        <path d={bot ? bot.glyph : glyphs[i]} fill={dead ? "#b9bec8" : bot ? bot.fg : "#fff"} fillRule="evenodd" />
      </g>
    </svg>
  );
}
