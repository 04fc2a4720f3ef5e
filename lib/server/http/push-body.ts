// A response body its producer pushes (the realtime stream's frames): a web ReadableStream for
// Next.js and every other reader, which the direct routes (direct-routes.ts) take over instead and
// write straight to Node's response — without the two web-stream hops (a pull and a read promise
// each) every frame of every member's stream cost, ~15% of what the server allocated per action
// under load (docs/performance.md, "Load").

/** Where a push body's bytes go. Calls after `close` are ignored. */
export interface PushSink {
  write(bytes: Uint8Array): void;
  close(): void;
}

/** The producer: started once, by whichever reader comes first; `cancel` when the reader leaves. */
export interface PushSource {
  start(sink: PushSink): void;
  cancel(): void;
}

// A global symbol, not a module's WeakMap: the route's module and instrumentation's direct routes
// may be separate module instances in Next's server bundle.
const SOURCE = Symbol.for("masoi.pushSource");
type WithSource = ReadableStream<Uint8Array> & { [SOURCE]?: PushSource | null };

/**
 * `source` as a web stream. It starts on the first read (a high-water mark of 0 keeps the stream
 * from pulling at construction), so a direct route that claims the source first is its only reader.
 */
export function pushBody(source: PushSource): ReadableStream<Uint8Array> {
  const stream: WithSource = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (stream[SOURCE] === null) return; // started already
        stream[SOURCE] = null;
        let closed = false;
        source.start({
          write(bytes) {
            if (closed) return;
            try {
              controller.enqueue(bytes);
            } catch {
              closed = true; // cancelled by its reader meanwhile: `cancel` tells the source
            }
          },
          close() {
            if (closed) return;
            closed = true;
            try {
              controller.close();
            } catch {
              // cancelled by its reader meanwhile
            }
          },
        });
      },
      cancel() {
        source.cancel();
      },
    },
    { highWaterMark: 0 },
  );
  stream[SOURCE] = source;
  return stream;
}

/** The source of a push body no one has read yet, now claimed by the caller; else undefined. */
export function claimPushSource(body: ReadableStream<Uint8Array> | null): PushSource | undefined {
  const stream = body as WithSource | null;
  const source = stream?.[SOURCE];
  if (!stream || !source || stream.locked) return undefined;
  stream[SOURCE] = null;
  return source;
}
