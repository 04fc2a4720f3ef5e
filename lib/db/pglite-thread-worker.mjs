// The embedded database's own thread (lib/db/pglite-thread.ts): PGlite — Postgres compiled to
// WASM, which runs on whichever thread calls it — lives here, so its work runs beside the server's
// JavaScript instead of inside it. Plain JS: Next.js's build bundles it as a worker-thread entry
// (PGlite stays external, from node_modules, as `serverExternalPackages` says); tests and scripts
// load this file as it is.
//
// Messages from the server: { id, op, ... } with op ready | exec | begin | query | texec | end |
// listen | unlisten | close; each is answered by { id, result } or { id, error }. A transaction is
// its statements (the first marked `begin`: PGlite's transaction starts there, without a round trip
// of its own), then `end` (commit or roll back, answered once done). PGlite runs one transaction at
// a time, as in process, and holds it for every round trip: so the fewer, the better.
// Notifications go to the server as { op: "notify", lid, payload }.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";

const json = (v) => JSON.stringify(v);
const pg = await PGlite.create({
  dataDir: workerData.dataDir ?? undefined,
  loadDataDir: workerData.dump ? new Blob([workerData.dump]) : undefined,
  // The same value conventions as the in-process driver (lib/db/pglite.ts).
  parsers: { [types.INT8]: (v) => Number(v) },
  serializers: { [types.JSON]: json, [types.JSONB]: json },
});

/** Open transactions by id: PGlite's transaction handle and how to end it. */
const open = new Map();
/** LISTEN registrations by id: their unlisten functions. */
const listens = new Map();

const rowsOf = (results) => results.map((r) => r.rows);

function begin(txId) {
  return new Promise((began, failed) => {
    const entry = { t: null, finish: null, done: null };
    let started = false;
    entry.done = pg.transaction(
      (t) =>
        new Promise((resolve, reject) => {
          entry.t = t;
          entry.finish = (commit) => (commit ? resolve() : reject(new Error("rolled back")));
          started = true;
          open.set(txId, entry);
          began(null);
        }),
    );
    entry.done.catch((e) => {
      if (!started) failed(e);
    });
  });
}

async function end(txId, commit) {
  const entry = open.get(txId);
  if (!entry) throw new Error(`no open transaction ${txId}`);
  open.delete(txId);
  entry.finish(commit);
  try {
    await entry.done;
  } catch (e) {
    if (commit) throw e;
  }
  return null;
}

function tx(txId) {
  const entry = open.get(txId);
  if (!entry) throw new Error(`no open transaction ${txId}`);
  return entry.t;
}

async function handle(m) {
  switch (m.op) {
    case "ready":
      return null;
    case "exec":
      return rowsOf(await pg.exec(m.script));
    case "begin":
      return begin(m.tx);
    case "query":
      if (m.begin) await begin(m.tx);
      return (await tx(m.tx).query(m.text, m.params)).rows;
    case "texec":
      if (m.begin) await begin(m.tx);
      return rowsOf(await tx(m.tx).exec(m.script));
    case "end":
      return end(m.tx, m.commit);
    case "listen": {
      const unlisten = await pg.listen(m.channel, (payload) => parentPort.postMessage({ op: "notify", lid: m.lid, payload }));
      listens.set(m.lid, unlisten);
      return null;
    }
    case "unlisten": {
      const unlisten = listens.get(m.lid);
      listens.delete(m.lid);
      if (unlisten) await unlisten();
      return null;
    }
    case "close":
      if (!pg.closed) await pg.close();
      return null;
    default:
      throw new Error(`unknown op ${m.op}`);
  }
}

/** What the server needs of an error: its message and Postgres fields (code decides retries and 4xx/5xx). */
function errorOf(e) {
  const out = { message: String(e?.message ?? e), name: e?.name ?? "Error" };
  for (const k of ["code", "detail", "hint", "constraint", "severity", "schema", "table", "column", "where"]) {
    if (e && e[k] !== undefined) out[k] = e[k];
  }
  return out;
}

parentPort.on("message", (m) => {
  handle(m).then(
    (result) => parentPort.postMessage({ id: m.id, result }),
    (e) => parentPort.postMessage({ id: m.id, error: errorOf(e) }),
  );
});
