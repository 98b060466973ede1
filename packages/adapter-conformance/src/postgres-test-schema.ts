import { test } from "node:test";
import pg from "pg";

/** Where the tests find PostgreSQL; override with GATEHOUSE_TEST_POSTGRES_URL. */
export const POSTGRES_TEST_URL =
  process.env.GATEHOUSE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface PostgresTestSchema {
  /** A fresh schema, unique to this run, so parallel runs never see each other's tables. */
  schema: string;
  /** Pool settings whose sessions resolve unqualified names in `schema` only. */
  poolConfig: pg.PoolConfig;
  /** The same as a URL (`?options=-c search_path=…`), for code that takes a URL. */
  url: string;
  /** Drops the schema and everything in it. */
  drop(): Promise<void>;
}

export type PostgresProbe = { ok: true; value: PostgresTestSchema } | { ok: false; reason: string };

/**
 * Creates a `<prefix>_<random>` schema on the test PostgreSQL (or on `baseUrl`'s database), or says
 * why it can't.
 *
 * @example const probe = await createPostgresTestSchema(); if (!probe.ok) postgresUnavailable("…", probe.reason)
 */
export async function createPostgresTestSchema(
  prefix = "gh_test",
  baseUrl = POSTGRES_TEST_URL,
): Promise<PostgresProbe> {
  const schema = `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  try {
    await withClient(baseUrl, (client) => client.query(`create schema "${schema}"`));
  } catch (error) {
    return {
      ok: false,
      reason: `PostgreSQL not reachable at ${hostOf(baseUrl)}: ${reasonOf(error)}`,
    };
  }
  const options = `-c search_path=${schema}`;
  const url = new URL(baseUrl);
  url.searchParams.set("options", options);
  return {
    ok: true,
    value: {
      schema,
      poolConfig: { connectionString: baseUrl, options, max: 10 },
      url: url.toString(),
      drop: () =>
        withClient(baseUrl, (client) => client.query(`drop schema if exists "${schema}" cascade`)).then(
          () => {},
        ),
    },
  };
}

/**
 * Registers the test that stands in for a PostgreSQL suite when the server is unreachable: a skip
 * on a laptop, a failure in CI (where the service is part of the job and must not be silently lost).
 */
export function postgresUnavailable(name: string, reason: string): void {
  test(name, (t) => {
    if (process.env.CI) throw new Error(`${reason} (CI is set: PostgreSQL tests must run)`);
    t.skip(reason);
  });
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on("error", () => {});
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function hostOf(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    return `${hostname}:${port || "5432"}`;
  } catch {
    return "the configured URL";
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  if (error instanceof Error) return (error as Error & { code?: string }).code ?? error.message;
  return String(error);
}
