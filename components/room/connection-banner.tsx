"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { RealtimeStatus } from "@/lib/realtime/client";

/** Visible while realtime is down; a short "reconnected" note once it is back (then we catch up). */
export function ConnectionBanner({ status }: { status: RealtimeStatus }) {
  const t = useTranslations("conn");
  const wasDown = useRef(false);
  const [back, setBack] = useState(false);
  useEffect(() => {
    if (status === "down") wasDown.current = true;
    if (status === "open" && wasDown.current) {
      wasDown.current = false;
      setBack(true);
      const id = setTimeout(() => setBack(false), 3000);
      return () => clearTimeout(id);
    }
  }, [status]);
  return (
    <div role="status" aria-live="polite" className="contents">
      {status === "down" && (
        <p className="bg-danger-bg px-4 py-2 text-center text-sm font-semibold text-danger" data-testid="conn-down">
          {t("down")}
        </p>
      )}
      {back && status === "open" && (
        <p className="bg-surface-2 px-4 py-2 text-center text-sm text-ok" data-testid="conn-back">
          {t("back")}
        </p>
      )}
    </div>
  );
}
