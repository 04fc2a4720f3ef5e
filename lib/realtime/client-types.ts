import type { Signal } from "./signal";

export type { Signal };

/** `open`: live, and the caller should refetch since its cursor (signals may have been missed). */
export type RealtimeStatus = "connecting" | "open" | "down";

export type OnSignal = (signal: Signal) => void;
export type OnStatus = (status: RealtimeStatus) => void;
export type Unsubscribe = () => void;
