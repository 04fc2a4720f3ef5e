// Server-Sent Events framing (https://html.spec.whatwg.org/multipage/server-sent-events.html).

const encoder = new TextEncoder();

/** One event as text; `data` is JSON on a single line, so no `data:` continuation lines are needed. */
export const sseEventText = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** One event, encoded. */
export const sseEvent = (event: string, data: unknown) => encoder.encode(sseEventText(event, data));

/** Frames written together as one chunk: one write to the socket instead of one each. */
export const sseFrames = (texts: readonly string[]) => encoder.encode(texts.join(""));

/** A comment line: keeps proxies and the browser from timing the connection out. */
export const sseComment = (text: string) => encoder.encode(`: ${text}\n\n`);

/** Reconnect delay hint for the browser's own EventSource retry. */
export const sseRetry = (ms: number) => encoder.encode(`retry: ${Math.round(ms)}\n\n`);
