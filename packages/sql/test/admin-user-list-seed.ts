// Test support: many users, made the way the adapter makes them, written in bulk.
import { type Kysely, sql } from "kysely";
import type { Database, SqlDatabase } from "../src/database.ts";
import { newUserRow } from "../src/lib/rows.ts";

/** A seeded user as the test knows it, for computing what the list must show without the database. */
export interface SeededUser {
  id: string;
  email: string | null;
  name: string | null;
  createdAt: number;
  disabled: boolean;
  unverified: boolean;
  twoFactor: boolean;
  role: string | null;
}

// Names that fold alike (case, accents, the ﬁ ligature), several scripts, an emoji (astral) and
// U+FFFD (which UTF-16 order puts after it, code point order before): many users share a name,
// so ties broken by id are everywhere.
const FIRST = [
  "Ada",
  "ada",
  "ADA",
  "Émile",
  "émile",
  "ÉMILE",
  "Zoë",
  "zoe",
  "Grace",
  "grace",
  "İlkay",
  "Łukasz",
  "山田",
  "Ørjan",
  "\uFB01ona",
  "fiona",
  "Bob",
  "bob",
  "\u{1F600}",
  "\uFFFDx",
  "Ángel",
  "angel",
  "Chloé",
  "Δήμητρα",
];
const LAST = ["Lovelace", "Hopper", "Zola", "Curie", "Turing", "Noether", "de la Cruz", "Ó Briain"];
const LOCAL = ["ada", "grace", "emile", "zoe", "bob", "fiona", "x"];
const DOMAINS = ["example.test", "example.org", "mail.example.test"];

/** mulberry32: the same users every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` users: 2% without a name, 1% without an email, 5% with an upper-case email, 5% disabled,
 * 30% unverified, 10% with two-factor on (and 1% with an enrolment still pending), 1% `admin` and
 * 2% `support`; created at one of 20,000 minutes (about five users a minute: ties).
 */
export function seedUsers(count: number): { users: SeededUser[]; pendingTwoFactor: string[] } {
  const next = random(16);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const hex = (digits: number) =>
    Array.from({ length: digits }, () => Math.floor(next() * 16).toString(16)).join("");
  const base = Date.UTC(2024, 0, 1);
  const users: SeededUser[] = [];
  const pendingTwoFactor: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
    const local = `${pick(LOCAL)}.${i}@${pick(DOMAINS)}`;
    const draw = next();
    const role = draw < 0.01 ? "admin" : draw < 0.03 ? "support" : null;
    const twoFactor = next() < 0.1;
    if (!twoFactor && next() < 0.011) pendingTwoFactor.push(id);
    users.push({
      id,
      email: next() < 0.01 ? null : next() < 0.05 ? local.toUpperCase() : local,
      name: next() < 0.02 ? null : `${pick(FIRST)} ${pick(LAST)}`,
      createdAt: base + Math.floor(next() * 20_000) * 60_000,
      disabled: next() < 0.05,
      unverified: next() < 0.3,
      twoFactor,
      role,
    });
  }
  return { users, pendingTwoFactor };
}

/**
 * Writes the users, with the adapter's own row (`newUserRow`: the folded keys) and their two-factor
 * enrolments, in one transaction: PostgreSQL takes arrays unnested into rows, 10,000 a statement;
 * SQLite multi-row INSERTs of 500.
 */
export async function insertUsers(
  db: SqlDatabase,
  seeded: { users: SeededUser[]; pendingTwoFactor: string[] },
): Promise<void> {
  const at = new Date(Date.UTC(2025, 0, 1));
  const rows = seeded.users.map((user) => ({
    ...newUserRow(db.dialect, {
      id: user.id,
      email: user.email as string,
      name: user.name,
      emailVerified: user.unverified ? null : at,
      createdAt: new Date(user.createdAt),
    }),
    disabled_at: user.disabled ? (db.dialect === "sqlite" ? at.getTime() : at) : null,
    role: user.role,
  }));
  const twoFactor = [
    ...seeded.users.filter((user) => user.twoFactor).map((user) => ({ id: user.id, on: true })),
    ...seeded.pendingTwoFactor.map((id) => ({ id, on: false })),
  ];
  await bulk(db, (kysely) =>
    kysely.transaction().execute(async (trx) => {
      if (db.dialect === "postgres") {
        const iso = (value: Date | number | null) => (value === null ? null : new Date(value).toISOString());
        for (let start = 0; start < rows.length; start += 10_000) {
          const batch = rows.slice(start, start + 10_000);
          const column = <K extends keyof (typeof rows)[number]>(key: K) => batch.map((row) => row[key]);
          await sql`insert into gh_users (id, name, email, email_verified, image, disabled_at, role, created_at,
            email_key, name_key)
          select * from unnest(${column("id")}::text[], ${column("name")}::text[], ${column("email")}::text[],
            ${batch.map((row) => iso(row.email_verified))}::timestamptz[], ${column("image")}::text[],
            ${batch.map((row) => iso(row.disabled_at))}::timestamptz[], ${column("role")}::text[],
            ${batch.map((row) => iso(row.created_at))}::timestamptz[], ${column("email_key")}::text[],
            ${column("name_key")}::text[])`.execute(trx);
        }
        await sql`insert into gh_two_factor (user_id, secret, enabled_at)
        select id, 'gh.enc.sealed', case when enabled then ${at.toISOString()}::timestamptz end
        from unnest(${twoFactor.map((row) => row.id)}::text[], ${twoFactor.map((row) => row.on)}::boolean[])
          as t(id, enabled)`.execute(trx);
      } else {
        for (let start = 0; start < rows.length; start += 500) {
          await trx
            .insertInto("gh_users")
            .values(rows.slice(start, start + 500))
            .execute();
        }
        for (let start = 0; start < twoFactor.length; start += 500) {
          await trx
            .insertInto("gh_two_factor")
            .values(
              twoFactor.slice(start, start + 500).map((row) => ({
                user_id: row.id,
                secret: "gh.enc.sealed",
                enabled_at: row.on ? at.getTime() : null,
                last_used_step: null,
              })),
            )
            .execute();
        }
      }
    }),
  );
}

/** What the overview counts: session records and audit entries, as the test knows them. */
export interface SeededActivity {
  records: { id: string; userId: string; expires: number }[];
  entries: { kind: string; at: number; userId: string }[];
}

const AUDIT_KINDS = ["sign-in", "sign-in-failed", "password-changed", "user-disabled", "role-changed"];

/** A session record for 30% of the users (expiring within 30 days of `now`, either side) and 100,000 audit entries over the year before `now`. */
export function seedActivity(users: readonly SeededUser[], now: number): SeededActivity {
  const next = random(61);
  const day = 86_400_000;
  const records = users
    .filter(() => next() < 0.3)
    .map((user, i) => ({
      id: `r${i.toString(16).padStart(21, "0")}`,
      userId: user.id,
      expires: now + Math.floor((next() - 0.5) * 60 * day),
    }));
  const entries = Array.from({ length: 100_000 }, () => ({
    kind: AUDIT_KINDS[Math.floor(next() * AUDIT_KINDS.length)]!,
    at: now - Math.floor(next() * 365 * day),
    userId: users[Math.floor(next() * users.length)]!.id,
  }));
  return { records, entries };
}

export async function insertActivity(db: SqlDatabase, activity: SeededActivity): Promise<void> {
  const { records, entries } = activity;
  await bulk(db, (kysely) =>
    kysely.transaction().execute(async (trx) => {
      if (db.dialect === "postgres") {
        const iso = (ms: number) => new Date(ms).toISOString();
        await sql`insert into gh_session_records (id, user_id, created_at, last_active_at, expires, method)
        select id, user_id, expires - interval '30 days', expires - interval '30 days', expires, 'password'
        from unnest(${records.map((r) => r.id)}::text[], ${records.map((r) => r.userId)}::text[],
          ${records.map((r) => iso(r.expires))}::timestamptz[]) as r(id, user_id, expires)`.execute(trx);
        await sql`insert into gh_audit (at, kind, actor_id, subject_id, detail)
        select at, kind, user_id, user_id, '{}'::jsonb
        from unnest(${entries.map((e) => iso(e.at))}::timestamptz[], ${entries.map((e) => e.kind)}::text[],
          ${entries.map((e) => e.userId)}::text[]) as e(at, kind, user_id)`.execute(trx);
        return;
      }
      for (let start = 0; start < records.length; start += 500) {
        await trx
          .insertInto("gh_session_records")
          .values(
            records.slice(start, start + 500).map((r) => ({
              id: r.id,
              user_id: r.userId,
              session_token_hash: null,
              created_at: r.expires - 30 * 86_400_000,
              last_active_at: r.expires - 30 * 86_400_000,
              expires: r.expires,
              ip: null,
              user_agent: null,
              method: "password",
            })),
          )
          .execute();
      }
      for (let start = 0; start < entries.length; start += 500) {
        await trx
          .insertInto("gh_audit")
          .values(
            entries.slice(start, start + 500).map((e) => ({
              at: e.at,
              kind: e.kind,
              actor_id: e.userId,
              subject_id: e.userId,
              ip: null,
              user_agent: null,
              detail: "{}",
            })),
          )
          .execute();
      }
    }),
  );
}

/** Statistics, as a database in use has them (PostgreSQL's autovacuum; SQLite's `PRAGMA optimize`). */
export async function analyze(db: SqlDatabase): Promise<void> {
  await bulk(db, (kysely) => sql`analyze`.execute(kysely));
}

/**
 * Seeding writes up to 100,000 rows a statement, past a PostgreSQL adapter's statement time-out: it
 * runs where that does not apply (as `migrate` does).
 */
function bulk<T>(db: SqlDatabase, work: (kysely: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.unbounded ? db.unbounded(work) : work(db.kysely);
}
