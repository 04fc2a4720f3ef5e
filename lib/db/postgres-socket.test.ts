// DATABASE_URL may name a Unix-domain socket the way libpq does (`?host=/path`); postgres.js would
// otherwise send `host` to the server as a setting, which refuses the connection.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPostgresDb, socketOf } from "./postgres";
import { freshPostgres } from "./testing";

const SOCKET_DIR = "/var/run/postgresql";

describe("Postgres URL with a Unix socket", () => {
  it("takes a host= path out of the URL as the socket folder", () => {
    expect(socketOf("postgres://postgres@localhost/loadrun?host=/var/run/postgresql")).toEqual({
      url: "postgres://postgres@localhost/loadrun",
      host: "/var/run/postgresql",
    });
  });

  it("leaves TCP URLs and other parameters alone", () => {
    expect(socketOf("postgres://postgres@127.0.0.1:5432/test")).toEqual({ url: "postgres://postgres@127.0.0.1:5432/test" });
    expect(socketOf("postgres://u@db.example.com/x?sslmode=require&host=db2")).toEqual({ url: "postgres://u@db.example.com/x?sslmode=require&host=db2" });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL || !existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`))("connects through the socket", async () => {
    const db = createPostgresDb(`postgres://postgres@localhost/postgres?host=${SOCKET_DIR}`, { max: 1 });
    try {
      // inet_server_addr() is null on a Unix-socket connection.
      expect(await db.exec("select inet_server_addr() as addr")).toEqual([[{ addr: null }]]);
    } finally {
      await db.close();
    }
  });

  // bench:load and bench:reads make their databases with freshPostgres on DATABASE_URL's server.
  it.skipIf(!process.env.TEST_DATABASE_URL || !existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`))("makes and drops a fresh database through the socket", async () => {
    const db = await freshPostgres(`postgres://postgres@localhost/postgres?host=${SOCKET_DIR}`);
    const { database } = db;
    try {
      expect(await db.exec("select current_database() as name, inet_server_addr() as addr")).toEqual([[{ name: database, addr: null }]]);
    } finally {
      await db.close();
    }
    const check = createPostgresDb(`postgres://postgres@localhost/postgres?host=${SOCKET_DIR}`, { max: 1 });
    try {
      expect(await check.exec(`select count(*)::int as n from pg_database where datname = '${database}'`)).toEqual([[{ n: 0 }]]);
    } finally {
      await check.close();
    }
  });
});
