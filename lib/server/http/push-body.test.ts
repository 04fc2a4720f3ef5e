// A pushed body read as a web stream (Next.js's path), or claimed by one reader (the direct routes).
import { describe, expect, it } from "vitest";
import { claimPushSource, pushBody, type PushSink, type PushSource } from "./push-body";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (value: Uint8Array | undefined) => new TextDecoder().decode(value);

function source(): PushSource & { sink?: PushSink; starts: number; cancels: number } {
  const s = {
    starts: 0,
    cancels: 0,
    sink: undefined as PushSink | undefined,
    start(sink: PushSink) {
      s.starts++;
      s.sink = sink;
      sink.write(bytes("hello"));
    },
    cancel() {
      s.cancels++;
    },
  };
  return s;
}

describe("push bodies", () => {
  it("start on the web stream's first read, not before, and carry every write in order until closed", async () => {
    const src = source();
    const stream = pushBody(src);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(src.starts).toBe(0);
    const reader = stream.getReader();
    expect(text((await reader.read()).value)).toBe("hello");
    src.sink!.write(bytes("a"));
    src.sink!.write(bytes("b"));
    expect(text((await reader.read()).value)).toBe("a");
    expect(text((await reader.read()).value)).toBe("b");
    src.sink!.close();
    src.sink!.close();
    src.sink!.write(bytes("late"));
    expect((await reader.read()).done).toBe(true);
    expect(src.starts).toBe(1);
  });

  it("cancel their source when the web reader cancels, and ignore writes after it", async () => {
    const src = source();
    const reader = pushBody(src).getReader();
    await reader.read();
    await reader.cancel();
    expect(src.cancels).toBe(1);
    expect(() => src.sink!.write(bytes("after"))).not.toThrow();
    expect(() => src.sink!.close()).not.toThrow();
  });

  it("hand their source to one claimer only, and then never start it through the web stream", async () => {
    const src = source();
    const stream = pushBody(src);
    expect(claimPushSource(stream)).toBe(src);
    expect(claimPushSource(stream)).toBeUndefined();
    const read = stream.getReader().read();
    const outcome = await Promise.race([read.then(() => "read"), new Promise((resolve) => setTimeout(() => resolve("waiting"), 20))]);
    expect(outcome).toBe("waiting");
    expect(src.starts).toBe(0);
  });

  it("are not claimable once read as a web stream, nor is any other stream", async () => {
    const src = source();
    const stream = pushBody(src);
    await stream.getReader().read();
    expect(claimPushSource(stream)).toBeUndefined();
    expect(claimPushSource(new ReadableStream())).toBeUndefined();
    expect(claimPushSource(null)).toBeUndefined();
  });
});
