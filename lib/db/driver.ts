// What the drivers share: applying a caller's identity inside a transaction, and turning a
// parameterized statement into a literal one for scripts (`Tx.exec`, `Db.exec`).
import type { Claims, Db, Tx } from "./types";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function identity(claims: Claims | null) {
  if (claims !== null && !UUID.test(claims.sub)) {
    throw new Error("asUser: claims.sub must be a lower-case uuid");
  }
  const role = claims === null ? "anon" : "authenticated";
  return { json: JSON.stringify(claims ?? { role: "anon" }), sub: claims?.sub ?? "", role };
}

/** What no Postgres text can hold: NUL, and a surrogate not in a pair (`u`: a pair is one code point). */
export const UNSTORABLE = /[\0\p{Cs}]/u;

/**
 * A string literal for any well-formed text, the way Postgres's own `quote_literal` writes it:
 * quotes doubled, and backslashes doubled inside an escape string (`E'…'`), whose meaning does not
 * depend on `standard_conforming_strings`. (A dollar-quoted literal only works for text that can't
 * close it: `$c$…$c$` around a text ending in `$c` did close early.) Postgres text can hold
 * neither NUL nor half a surrogate pair: those throw — the HTTP edge refuses them first with a 400
 * (lib/server/http/parse.ts, `checkText`).
 */
export function quoteLiteral(text: string): string {
  if (UNSTORABLE.test(text)) throw new Error("quoteLiteral: Postgres text cannot hold NUL or a lone surrogate");
  const quoted = text.replace(/'/g, "''");
  return text.includes("\\") ? `E'${quoted.replace(/\\/g, "\\\\")}'` : `'${quoted}'`;
}

/**
 * Becomes the API role of `claims` for the rest of the transaction, the way PostgREST does:
 * claims in `request.jwt.claims` (plus the legacy per-claim settings), then the role — in one
 * statement (`set_config('role', …, true)` is `set local role`), evaluated left to right, so the
 * claims are set while still the owner and the role last. A parameterless script (simple query
 * protocol): on PGlite 2 protocol messages instead of 6, on Postgres one round trip instead of two
 * (an unprepared parameterized statement is described, then bound). The claims JSON is a quoted
 * literal (`quoteLiteral`); sub is a checked uuid; the role name comes from a closed set, never from the claims.
 */
export function becomeUserScript(claims: Claims | null): string {
  const { json, sub, role } = identity(claims);
  return `select set_config('request.jwt.claims', ${quoteLiteral(json)}, true),
                 set_config('request.jwt.claim.sub', '${sub}', true),
                 set_config('request.jwt.claim.role', '${role}', true),
                 set_config('role', '${role}', true)`;
}

/** `Db.asUser` for a driver's `tx`: the identity switch as the transaction's first script. */
export function asUserVia(tx: Db["tx"]): Db["asUser"] {
  return (claims, fn) =>
    tx(async (t: Tx) => {
      await t.exec(becomeUserScript(claims));
      return fn(t);
    });
}

/**
 * A parameterized statement as a parameterless one, for scripts: every `$n` becomes a literal —
 * null, a finite number (a negative one in parentheses: `x-$1` must not become the comment
 * `x--1`), a boolean, or any other value as a quoted string (`quoteLiteral`; objects as JSON), so the statement casts its parameters (`$1::uuid`) as it must for a typed bind anyway.
 * Only for statements written here whose text has no `$` other than parameters (checked).
 */
export function inlineParams(text: string, params: readonly unknown[]): string {
  const { pieces, slots } = templateOf(text);
  // Joined with `+`: V8 keeps the parts as a rope, copied once when the driver encodes the script
  // (a step's statement carries the state's JSON: every flat copy of it is garbage per action).
  let out = pieces[0];
  for (let k = 0; k < slots.length; k++) out += literalOf(slots[k], params) + pieces[k + 1];
  return out;
}

/** The non-empty statements as one script (one round trip), as a rope (`inlineParams`). */
export function scriptOf(statements: readonly string[]): string {
  let script = "";
  for (const s of statements) if (s !== "") script = script === "" ? s : script + ";\n" + s;
  return script;
}

/** A statement's text split at its parameters: `pieces[k]`, then parameter `slots[k]` (0-based), …. */
interface Template {
  pieces: string[];
  slots: number[];
}

// The statements are this codebase's constants: a few dozen texts, parsed once each.
const TEMPLATES = new Map<string, Template>();
const TEMPLATES_KEPT = 512;

function templateOf(text: string): Template {
  const known = TEMPLATES.get(text);
  if (known) return known;
  if (/\$(?!\d)/.test(text)) throw new Error("inlineParams: the statement uses `$` other than for parameters");
  const pieces: string[] = [];
  const slots: number[] = [];
  let from = 0;
  for (const m of text.matchAll(/\$(\d+)/g)) {
    pieces.push(text.slice(from, m.index));
    slots.push(Number(m[1]) - 1);
    from = m.index + m[0].length;
  }
  pieces.push(text.slice(from));
  if (TEMPLATES.size >= TEMPLATES_KEPT) TEMPLATES.clear();
  const template = { pieces, slots };
  TEMPLATES.set(text, template);
  return template;
}

function literalOf(i: number, params: readonly unknown[]): string {
  if (i < 0 || i >= params.length) throw new Error(`inlineParams: no value for $${i + 1}`);
  const v = params[i];
  if (v === null || v === undefined) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "number" && Number.isFinite(v)) return v < 0 || Object.is(v, -0) ? `(${v})` : String(v);
  return quoteLiteral(typeof v === "string" ? v : JSON.stringify(v));
}
