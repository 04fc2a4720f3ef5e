// Browser side of the embedded realtime: EventSource with our own reconnect loop. The native
// retry only covers dropped connections; after an HTTP error (401/404/503) or a server restart
// the EventSource stays CLOSED forever, so every failure goes through `backoffDelay` instead.
import { backoffDelay } from "./backoff";
import type { OnSignal, OnStatus, Unsubscribe } from "./client-types";
import { parseDelivery } from "./delivery";
import { parseSignalData } from "./signal-data";

/** What we use of EventSource; injectable so the loop is testable without a browser. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

export interface SseClientDeps {
  createEventSource?: EventSourceFactory;
  random?: () => number;
}

const browserEventSource: EventSourceFactory = (url) => new EventSource(url, { withCredentials: true });

export function subscribeSse(
  url: string,
  onSignal: OnSignal,
  onStatus: OnStatus,
  deps: SseClientDeps = {},
): Unsubscribe {
  const create = deps.createEventSource ?? browserEventSource;
  let source: EventSourceLike | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let stopped = false;

  const connect = () => {
    retryTimer = null;
    if (stopped) return;
    onStatus("connecting");
    const es = create(url);
    source = es;
    // `hello` is sent once the server has subscribed us: from here no signal can be missed, so
    // this is when the caller refetches.
    es.addEventListener("hello", () => {
      if (source !== es) return;
      attempt = 0;
      onStatus("open");
    });
    es.addEventListener("signal", (event) => {
      if (source !== es) return;
      const signal = parseSignalData(event.data);
      if (signal) onSignal(signal);
    });
    // A delivery: a step's events (malformed ones are dropped; the next one shows the gap).
    es.addEventListener("events", (event) => {
      if (source !== es) return;
      let data: { topic?: unknown };
      try {
        data = JSON.parse(String(event.data)) as { topic?: unknown };
      } catch {
        return;
      }
      const delivery = parseDelivery(data);
      if (delivery && typeof data.topic === "string") onSignal({ topic: data.topic, kind: "events", delivery });
    });
    es.onerror = () => {
      if (source !== es) return;
      es.close();
      source = null;
      onStatus("down");
      retryTimer = setTimeout(connect, backoffDelay(attempt++, deps.random));
    };
  };

  // Coming back online should not wait out a long backoff.
  const onOnline = () => {
    if (retryTimer === null) return;
    clearTimeout(retryTimer);
    attempt = 0;
    connect();
  };
  const win = typeof window === "undefined" ? null : window;
  win?.addEventListener("online", onOnline);

  connect();
  return () => {
    stopped = true;
    win?.removeEventListener("online", onOnline);
    if (retryTimer !== null) clearTimeout(retryTimer);
    source?.close();
    source = null;
  };
}
