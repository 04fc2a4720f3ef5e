"use client";
import { useSyncExternalStore } from "react";
import { useTranslations } from "next-intl";
import { arm, chime, setSoundOn, soundOn, subscribeSound } from "./turn-alert";

/** The turn chime on or off, remembered on this device; turning it on plays it once as a sample. */
export function SoundToggle() {
  const t = useTranslations("moments");
  const on = useSyncExternalStore(subscribeSound, soundOn, () => true);
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm ml-auto shrink-0 !px-2"
      aria-pressed={on}
      aria-label={t("sound")}
      title={on ? t("soundOn") : t("soundOff")}
      data-testid="sound-toggle"
      onClick={() => {
        setSoundOn(!on);
        if (!on) {
          arm();
          chime();
        }
      }}
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
        {on ? <path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" /> : <path d="M16 9l5 6M21 9l-5 6" />}
      </svg>
    </button>
  );
}
