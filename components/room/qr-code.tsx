import QRCode from "qrcode";

/**
 * The invite link as a QR code, drawn on the server as plain SVG paths (no QR library in the
 * browser bundle, no HTML injection).
 */
export function QrCode({ text, label, size = 176 }: { text: string; label: string; size?: number }) {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const margin = 2;
  let d = "";
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) if (qr.modules.get(x, y)) d += `M${x + margin} ${y + margin}h1v1h-1z`;
  const total = n + margin * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${total} ${total}`}
      shapeRendering="crispEdges"
      data-testid="invite-qr"
      data-qr-text={text}
      className="rounded-lg"
    >
      <rect width={total} height={total} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
