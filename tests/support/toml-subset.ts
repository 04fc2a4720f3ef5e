// Reads the TOML that supabase/config.toml uses — `[a.b]` tables, `key = value` with strings,
// integers, booleans and one-line arrays of them, `#` comments — and throws on anything else, so
// a config written with more of TOML fails its test rather than being misread. (No TOML parser is
// among the dependencies, and this file is all the project needs of one.)

export type TomlValue = string | number | boolean | TomlValue[] | TomlTable;
export interface TomlTable {
  [key: string]: TomlValue;
}

const BARE_KEY = /^[A-Za-z0-9_-]+$/;

/** One value at the start of `text`: the value and what follows it. */
function readValue(text: string, line: number): [TomlValue, string] {
  const s = text.trimStart();
  const str = /^"((?:[^"\\]|\\["\\nt])*)"/.exec(s);
  if (str) return [str[1].replace(/\\(["\\nt])/g, (_, c: string) => ({ n: "\n", t: "\t" })[c] ?? c), s.slice(str[0].length)];
  const scalar = /^(true|false|[+-]?\d+)(?![\w.])/.exec(s);
  if (scalar) {
    const v = scalar[1] === "true" ? true : scalar[1] === "false" ? false : Number(scalar[1]);
    return [v, s.slice(scalar[0].length)];
  }
  if (s.startsWith("[")) {
    const items: TomlValue[] = [];
    let rest = s.slice(1).trimStart();
    while (!rest.startsWith("]")) {
      const [item, after] = readValue(rest, line);
      items.push(item);
      rest = after.trimStart();
      if (rest.startsWith(",")) rest = rest.slice(1).trimStart();
      else if (!rest.startsWith("]")) throw new Error(`line ${line}: expected , or ] in an array`);
    }
    return [items, rest.slice(1)];
  }
  throw new Error(`line ${line}: unsupported value: ${s}`);
}

export function parseTomlSubset(text: string): TomlTable {
  const root: TomlTable = {};
  let table = root;
  for (const [i, raw] of text.split("\n").entries()) {
    const line = i + 1;
    const content = raw.trim();
    if (content === "" || content.startsWith("#")) continue;
    const header = /^\[([A-Za-z0-9_.-]+)\]\s*(#.*)?$/.exec(content);
    if (header) {
      table = root;
      const parts = header[1].split(".");
      for (const [j, part] of parts.entries()) {
        if (!BARE_KEY.test(part)) throw new Error(`line ${line}: bad table name ${header[1]}`);
        const next = table[part];
        if (next === undefined) table = table[part] = {};
        else if (typeof next === "object" && !Array.isArray(next) && j < parts.length - 1) table = next;
        else throw new Error(`line ${line}: table ${header[1]} defined twice`);
      }
      continue;
    }
    const pair = /^([A-Za-z0-9_-]+)\s*=\s*(.*)$/.exec(content);
    if (!pair) throw new Error(`line ${line}: unsupported syntax: ${content}`);
    if (pair[1] in table) throw new Error(`line ${line}: key ${pair[1]} defined twice`);
    const [value, rest] = readValue(pair[2], line);
    if (rest.trim() !== "" && !rest.trim().startsWith("#")) throw new Error(`line ${line}: unexpected ${rest.trim()}`);
    table[pair[1]] = value;
  }
  return root;
}
