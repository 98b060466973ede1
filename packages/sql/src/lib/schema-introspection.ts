import { type DatabaseIntrospector, type Kysely, sql } from "kysely";
import type { Database } from "../database.ts";

/**
 * `kysely`, but its `introspection` sees one PostgreSQL schema only: what Kysely's Migrator gets.
 *
 * The Migrator asks whether its tables exist by listing the tables of *every* schema, with a query
 * that resolves each schema by name (`has_schema_privilege`, `pg_get_serial_sequence`); a schema
 * dropped by someone else while that query runs makes it fail with "schema … does not exist"
 * (3F000), and the migration with it. Several installs, or test schemas, in one database meet
 * that: this repository's PostgreSQL suites, which create and drop schemas in parallel, did a few
 * times a run. Reading `pg_tables` of our own schema depends on no other schema.
 */
export function introspectingOnly(kysely: Kysely<Database>, schema: string): Kysely<Database> {
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`
        select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(kysely);
      return rows;
    },
    // Names only: the Migrator compares names and schemas, never columns.
    async getTables() {
      const { rows } = await sql<{ name: string }>`
        select tablename as name from pg_catalog.pg_tables where schemaname = ${schema}`.execute(kysely);
      return rows.map(({ name }) => ({ name, schema, isView: false, isForeign: false, columns: [] }));
    },
  };
  return new Proxy(kysely, {
    get(target, property) {
      if (property === "introspection") return introspection;
      // Kysely keeps its state in private fields: its methods must run on the instance itself.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
