// A Server-Sent Events reader over http.get (no EventSource in Node 20): calls `onEvent` per
// event block. Comments (heartbeats) and `retry:` lines are skipped.
import http from "node:http";
import { agent } from "./http";

export interface SseStream {
  close(): void;
}

export function openSse(
  base: URL,
  path: string,
  cookie: string,
  onEvent: (event: string, data: string) => void,
  onEnd: (reason: string) => void,
): SseStream {
  let closed = false;
  const req = http.get(
    { agent, host: base.hostname, port: base.port, path, headers: { cookie, accept: "text/event-stream" } },
    (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        if (!closed) onEnd(`HTTP ${res.statusCode}`);
        return;
      }
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = "message";
          let data = "";
          for (const line of block.split("\n")) {
            if (line.startsWith("event:")) event = line.slice(6).trim();
            else if (line.startsWith("data:")) data += line.slice(5).trim();
          }
          if (data || event !== "message") onEvent(event, data);
        }
      });
      res.on("end", () => !closed && onEnd("stream ended"));
      res.on("error", (e) => !closed && onEnd(String(e)));
    },
  );
  req.on("error", (e) => !closed && onEnd(String(e)));
  return {
    close() {
      closed = true;
      req.destroy();
    },
  };
}
