// The turn alert's pieces: the per-device sound setting, a chime made with WebAudio (no file to
// download) and a buzz. Browsers allow sound and vibration only after the person has tapped the
// page, so both wait for a first tap (`arm`), which is also when the audio context is made.
import { recall, remember } from "./device-memory";

const SOUND_KEY = "sound";
const listeners = new Set<() => void>();

/** The sound setting: on unless this device turned it off. */
export const soundOn = (): boolean => recall(SOUND_KEY) !== "off";

export function setSoundOn(on: boolean): void {
  remember(SOUND_KEY, on ? "on" : "off");
  for (const l of listeners) l();
}

export function subscribeSound(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

let audio: AudioContext | null = null;
let armed = false;

/** Called on the first tap or key press: from now on a chime and a buzz are allowed. */
export function arm(): void {
  armed = true;
  if (audio || typeof AudioContext === "undefined") return;
  try {
    audio = new AudioContext();
  } catch {
    audio = null;
  }
}

/** Two soft bell notes, a fifth apart, about a third of a second in all. */
export function chime(): void {
  if (!armed || !audio || !soundOn()) return;
  void audio.resume().catch(() => undefined);
  const start = audio.currentTime + 0.02;
  [659.25, 987.77].forEach((freq, i) => {
    const t = start + i * 0.13;
    const osc = audio!.createOscillator();
    const gain = audio!.createGain();
    osc.type = "triangle";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.18, t + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.28);
    osc.connect(gain).connect(audio!.destination);
    osc.start(t);
    osc.stop(t + 0.3);
  });
}

export function buzz(): void {
  if (!armed || typeof navigator.vibrate !== "function") return;
  try {
    navigator.vibrate([90, 70, 90]);
  } catch {
    // some browsers refuse outside a gesture: the chime and the title still tell
  }
}
