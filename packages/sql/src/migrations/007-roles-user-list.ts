import { foldKey } from "@gatehouse/core/adapter";
import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { SqlDialectName } from "../database.ts";

/** The admin list's sort keys: each page is the next `limit` entries of one of these, per sort. */
const SORT_KEYS = { created: "created_at", email: "email_key", name: "name_key" } as const;

/**
 * The partial indexes of the filters that pick out a few users, one per sort key, so a filtered
 * page is read in order too. The opposite filters (enabled, verified) keep most users: they walk
 * the unfiltered index and skip the few that fail, which costs about a page too.
 */
const FILTERS = [
  { name: "disabled", where: "disabled_at", op: "is not" },
  { name: "unverified", where: "email_verified", op: "is" },
] as const;

const BATCH = 1000;

/**
 * Version 7, for roles and the admin user list (issue 16):
 * - `gh_users.role`: the user's role, null for none; written by `setUserRole` only.
 * - `gh_users.created_at`: when the user was created. Users already there get the time of the
 *   migration, through the column's default: on both databases adding a column with a constant
 *   default rewrites no row. PostgreSQL keeps `now()` as the default (an INSERT written by hand gets
 *   its own time); SQLite allows only a constant there, so its default stays the migration's time —
 *   the adapter always writes the column. `timestamptz(3)` holds whole milliseconds, as a cursor does.
 * - `gh_users.email_key`, `gh_users.name_key`: the email and the name folded (`foldKey`: NFKC, lower
 *   case; "" for none), computed by the adapter, which writes them with the email and the name. What
 *   the admin list sorts by and searches by prefix, in code point order on both databases (the
 *   `"C"` collation on PostgreSQL: under a linguistic collation a B-tree answers no prefix range).
 *   Existing users are folded here, a batch at a time: the one step that reads every row.
 * - Indexes: each sort key with the id (ties), read forwards or backwards for either order:
 *   `gh_users_{created,email,name}_idx`; per sort key, the role before it (`gh_users_role_*_idx`,
 *   partial: users with a role), and partial ones for the disabled and the unverified users
 *   (`gh_users_{disabled,unverified}_*_idx`). So every sort, alone or with one of these filters, reads
 *   a page from one index in order — at any depth — and a search reads the email and name key
 *   ranges and the primary key. Two-factor is in `gh_two_factor` (migration 004): its filter checks
 *   each user's row by primary key while the sort's index is walked.
 * - `gh_users_disabled_idx` (005: the disabled users' ids) goes: `gh_users_disabled_created_idx`
 *   holds the same rows and serves the disabled filter in the order the list shows.
 * The counts of the admin overview need nothing new: users and disabled users are one pass over
 * `gh_users`, the live sessions a range of `gh_session_records_expires_idx`, the entries of each
 * kind since a time a range of `gh_audit_kind_idx` (kind, at, id) per kind.
 */
export function rolesUserListMigration(dialect: SqlDialectName): Migration {
  const postgres = dialect === "postgres";
  // Code point order: PostgreSQL's "C" collation; SQLite's default BINARY is already that.
  const key = postgres ? sql`text collate "C"` : sql`text`;
  return {
    async up(db) {
      await db.schema.alterTable("gh_users").addColumn("role", "text").execute();
      await db.schema
        .alterTable("gh_users")
        .addColumn("created_at", postgres ? "timestamptz(3)" : "integer", (col) =>
          col.notNull().defaultTo(postgres ? sql`now()` : Date.now()),
        )
        .execute();
      for (const column of ["email_key", "name_key"]) {
        await db.schema
          .alterTable("gh_users")
          .addColumn(column, key, (col) => col.notNull().defaultTo(""))
          .execute();
      }
      await foldExistingUsers(db, dialect);

      for (const [sort, column] of Object.entries(SORT_KEYS)) {
        await db.schema.createIndex(`gh_users_${sort}_idx`).on("gh_users").columns([column, "id"]).execute();
        await db.schema
          .createIndex(`gh_users_role_${sort}_idx`)
          .on("gh_users")
          .columns(["role", column, "id"])
          .where(sql.ref("role"), "is not", null)
          .execute();
        for (const filter of FILTERS) {
          await db.schema
            .createIndex(`gh_users_${filter.name}_${sort}_idx`)
            .on("gh_users")
            .columns([column, "id"])
            .where(sql.ref(filter.where), filter.op, null)
            .execute();
        }
      }
      await db.schema.dropIndex("gh_users_disabled_idx").execute();
      await db.updateTable("gh_schema").set({ version: 7 }).execute();
    },

    async down(db) {
      // The indexes first: SQLite refuses to drop a column an index names.
      for (const sort of Object.keys(SORT_KEYS)) {
        for (const prefix of ["", "role_", ...FILTERS.map((filter) => `${filter.name}_`)]) {
          await db.schema.dropIndex(`gh_users_${prefix}${sort}_idx`).ifExists().execute();
        }
      }
      for (const column of ["name_key", "email_key", "created_at", "role"]) {
        await db.schema.alterTable("gh_users").dropColumn(column).execute();
      }
      await db.schema
        .createIndex("gh_users_disabled_idx")
        .on("gh_users")
        .column("id")
        .where(sql.ref("disabled_at"), "is not", null)
        .execute();
      await db.updateTable("gh_schema").set({ version: 6 }).execute();
    },
  };
}

/**
 * Writes the folded keys of the users already there, `BATCH` at a time in id order. PostgreSQL
 * takes a batch in one UPDATE (arrays unnested into rows); SQLite, in process, one UPDATE a row.
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely hands migrations an untyped Kysely<any>
async function foldExistingUsers(db: Kysely<any>, dialect: SqlDialectName): Promise<void> {
  let after: string | null = null;
  for (;;) {
    let query = db.selectFrom("gh_users").select(["id", "email", "name"]).orderBy("id").limit(BATCH);
    if (after !== null) query = query.where("id", ">", after);
    const rows: { id: string; email: string | null; name: string | null }[] = await query.execute();
    if (rows.length === 0) return;
    after = rows.at(-1)!.id;
    const folded = rows
      .map((row) => ({ id: row.id, email_key: foldKey(row.email), name_key: foldKey(row.name) }))
      .filter((row) => row.email_key !== "" || row.name_key !== "");
    if (folded.length === 0) continue;
    if (dialect === "postgres") {
      await sql`
        update gh_users as u set email_key = v.email_key, name_key = v.name_key
        from unnest(${folded.map((row) => row.id)}::text[], ${folded.map((row) => row.email_key)}::text[],
          ${folded.map((row) => row.name_key)}::text[]) as v(id, email_key, name_key)
        where u.id = v.id`.execute(db);
    } else {
      for (const row of folded) {
        await db
          .updateTable("gh_users")
          .set({ email_key: row.email_key, name_key: row.name_key })
          .where("id", "=", row.id)
          .execute();
      }
    }
  }
}
