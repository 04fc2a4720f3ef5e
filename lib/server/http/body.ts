// Reads a request body with a hard byte limit, then parses JSON. The limit is checked on the
// declared Content-Length first (cheap refusal) and on the bytes actually received (a client may
// lie or stream chunked).
import { AppError } from "../app-error";

export const BODY_LIMIT = 16 * 1024;

const tooLarge = () => new AppError(413, "BODY_TOO_LARGE", `Request body exceeds ${BODY_LIMIT} bytes.`);

async function readLimited(req: Request): Promise<Uint8Array> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > BODY_LIMIT) throw tooLarge();
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > BODY_LIMIT) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * A body is JSON only when it says so (issue 28 #7): a cross-site form or `text/plain` fetch
 * cannot send `application/json` without a CORS preflight, which this API never grants.
 */
function assertJsonType(req: Request): void {
  const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json")
    throw new AppError(415, "NOT_JSON", "A request body must be JSON sent as Content-Type: application/json.");
}

/** The JSON body; an empty body is `{}` so body-less POSTs need no special casing. */
export async function readJson(req: Request): Promise<unknown> {
  const bytes = await readLimited(req);
  if (bytes.byteLength > 0) assertJsonType(req);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(400, "BAD_JSON", "Request body is not valid UTF-8.");
  }
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, "BAD_JSON", "Request body is not valid JSON.");
  }
}
