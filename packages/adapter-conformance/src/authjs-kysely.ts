/**
 * The official `@auth/kysely-adapter` on PostgreSQL, with the schema its documentation gives
 * (authjs.dev, "Kysely adapter" → Schema), as a conformance fixture: the yardstick that shows the
 * suite asks nothing an Auth.js adapter doesn't promise.
 *
 * It runs on kysely 0.28 (its peer range is ^0.28.15), installed beside it, not on the 0.29 that
 * @gatehouse/sql uses: the adapter checks `instanceof SqliteAdapter` against its own kysely.
 */
import { type Database as AuthjsDatabase, KyselyAdapter } from "@auth/kysely-adapter";
import type { Adapter } from "@gatehouse/core/adapter";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { ConformanceFixture, CountedTable } from "./types.ts";

const TABLES: Record<Exclude<CountedTable, "passwords">, keyof AuthjsDatabase> = {
  users: "User",
  accounts: "Account",
  sessions: "Session",
  verificationTokens: "VerificationToken",
};

/** Creates the documented schema in the pool's search_path and returns the Auth.js adapter over it. */
export async function createAuthjsKyselyFixture(poolConfig: pg.PoolConfig): Promise<ConformanceFixture> {
  const pool = new pg.Pool(poolConfig);
  pool.on("error", () => {});
  const db = new Kysely<AuthjsDatabase>({ dialect: new PostgresDialect({ pool }) });
  await createDocumentedSchema(db);
  // The official adapter assigns to Gatehouse's Adapter type unchanged (no cast): that is the point.
  const adapter: Adapter = KyselyAdapter(db);
  return {
    adapter,
    teardown: () => db.destroy(),
    async count(table) {
      // Auth.js has no password table; only the extension cases, which this adapter skips, ask.
      if (table === "passwords") throw new Error("@auth/kysely-adapter stores no passwords");
      const row = await db
        .selectFrom(TABLES[table])
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

// The migration from the adapter's documentation, PostgreSQL flavour, verbatim in substance:
// uuid ids, unique email (NOT NULL), unique session and verification tokens, and — worth noting —
// no unique constraint on Account (provider, providerAccountId).
async function createDocumentedSchema(db: Kysely<AuthjsDatabase>): Promise<void> {
  const uuid = sql`gen_random_uuid()`;
  await db.schema
    .createTable("User")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(uuid))
    .addColumn("name", "text")
    .addColumn("email", "text", (col) => col.unique().notNull())
    .addColumn("emailVerified", "timestamptz")
    .addColumn("image", "text")
    .execute();
  await db.schema
    .createTable("Account")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(uuid))
    .addColumn("userId", "uuid", (col) => col.references("User.id").onDelete("cascade").notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("providerAccountId", "text", (col) => col.notNull())
    .addColumn("refresh_token", "text")
    .addColumn("access_token", "text")
    .addColumn("expires_at", "bigint")
    .addColumn("token_type", "text")
    .addColumn("scope", "text")
    .addColumn("id_token", "text")
    .addColumn("session_state", "text")
    .execute();
  await db.schema
    .createTable("Session")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(uuid))
    .addColumn("userId", "uuid", (col) => col.references("User.id").onDelete("cascade").notNull())
    .addColumn("sessionToken", "text", (col) => col.notNull().unique())
    .addColumn("expires", "timestamptz", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("VerificationToken")
    .addColumn("identifier", "text", (col) => col.notNull())
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("expires", "timestamptz", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("Account_userId_index").on("Account").column("userId").execute();
  await db.schema.createIndex("Session_userId_index").on("Session").column("userId").execute();
}
