/**
 * The child of `killed-mid-burst.test.ts`: database-session sign-ins on the database at argv[2],
 * `LANES` at a time, for ever, one "." on stdout per sign-in done, until it is killed. With
 * argv[3] = N it kills itself (SIGKILL) the moment the database has answered its Nth insert into
 * gh_sessions: between a session row and its record, where two separate writes left the row alone.
 * Not a test file.
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { gatehouse } from "@gatehouse/core";
import pg from "pg";
import {
  APP,
  people,
  SECRET,
  sessionTokenSet,
  signIn,
  TestBrowser,
} from "../../../core/test/support/flows.ts";
import { parseDatabaseUrl } from "../../src/create-sql-adapter.ts";
import { createPostgresAdapter } from "../../src/postgres/create-postgres-adapter.ts";
import type { SqlAdapter } from "../../src/sql-adapter.ts";
import { createSqliteAdapter } from "../../src/sqlite/create-sqlite-adapter.ts";
import { loadNodeSqlite } from "../../src/sqlite/node-sqlite.ts";

/** Sign-ins in flight at once: at any moment some are between steps, where a kill lands. */
const LANES = 16;
const SESSION_INSERT = /^insert into "gh_sessions"/i;

const [url, killAfter] = process.argv.slice(2);
if (url === undefined)
  throw new Error("usage: sign-in-burst.ts <database url> [kill after N session inserts]");
let sessionInserts = 0;
/** Called once the database has answered an insert into gh_sessions. */
function sessionInserted(): void {
  if (killAfter !== undefined && ++sessionInserts >= Number(killAfter)) process.kill(process.pid, "SIGKILL");
}

const ada = { id: "ada", name: "Ada Lovelace", email: "ada@example.test" };
const { handler } = gatehouse({
  secret: SECRET,
  url: `${APP}/api/auth`,
  adapter: watchedAdapter(url),
  providers: [people({ ada })],
  session: { strategy: "database" },
  // The burst is one person signing in again and again: the limits would (rightly) stop it.
  rateLimit: false,
});

async function lane(): Promise<never> {
  for (;;) {
    const response = await signIn(new TestBrowser(handler), "ada");
    if (!sessionTokenSet(response)) throw new Error(`sign-in answered ${response.status} without a session`);
    process.stdout.write(".");
  }
}

/** The SQL adapter, over a driver that reports each insert into gh_sessions once it has run. */
function watchedAdapter(databaseUrl: string): SqlAdapter {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.dialect === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url });
    // Each new connection, before the adapter gets it: its queries pass through unchanged.
    pool.on("connect", (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        const result = query(...args);
        if (typeof args[0] === "string" && SESSION_INSERT.test(args[0]) && result instanceof Promise) {
          result.then(sessionInserted, () => {});
        }
        return result;
      }) as typeof client.query;
    });
    return createPostgresAdapter(pool);
  }
  const database = new (loadNodeSqlite().DatabaseSync)(target.path);
  return createSqliteAdapter(watchedSqlite(database));
}

function watchedSqlite(database: DatabaseSync): DatabaseSync {
  return new Proxy(database, {
    get(target, property) {
      if (property === "prepare") {
        return (text: string) => {
          const statement = target.prepare(text);
          return SESSION_INSERT.test(text) ? watchedStatement(statement) : statement;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function watchedStatement(statement: StatementSync): StatementSync {
  return new Proxy(statement, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property !== "run" && property !== "all") return value.bind(target);
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        sessionInserted();
        return result;
      };
    },
  });
}

await Promise.all(Array.from({ length: LANES }, lane));
