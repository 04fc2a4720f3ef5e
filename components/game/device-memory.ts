// What this device remembers about a game (reveal seen, last phase moment shown, sound on/off).
// Storage can be missing or refuse (private mode, quota): then nothing is remembered, nothing breaks.

const PREFIX = "masoi:";

export function recall(key: string): string | null {
  try {
    return window.localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

export function remember(key: string, value: string): void {
  try {
    window.localStorage.setItem(PREFIX + key, value);
  } catch {
    // not remembered: the moment may show again after a reload, which is harmless
  }
}
