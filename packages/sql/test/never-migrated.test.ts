/**
 * A database that was never migrated, behind a running app: the first request that needs storage
 * says so in the log (the schema is missing, which commands create it), for the request's own storage
 * call and for the rate limiter that fails open, instead of an outage that reads "try again later".
 */
import assert from "node:assert/strict";
import { describe } from "node:test";
import { gatehouse, Password } from "@gatehouse/core";
import type { SqlAdapter } from "../src/sql-adapter.ts";
import { onEachDatabase } from "./helpers.ts";

const ORIGIN = "http://localhost:3000";

async function signUpOn(adapter: SqlAdapter): Promise<{ status: number; logged: string[] }> {
  const logged: string[] = [];
  const text = (detail: unknown) => (detail instanceof Error ? detail.message : JSON.stringify(detail));
  const auth = gatehouse({
    secret: "a-never-migrated-test-secret-of-40-chars!",
    url: `${ORIGIN}/api/auth`,
    adapter,
    providers: [Password({ sendMail: async () => {} })],
    logger: {
      error: (code, detail) => logged.push(`${code} ${text(detail)}`),
      warn: (code, detail) => logged.push(`${code} ${text(detail)}`),
    },
  });
  const csrf = await auth.handler(new Request(`${ORIGIN}/api/auth/csrf`));
  const cookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const answer = await auth.handler(
    new Request(`${ORIGIN}/api/auth/signup`, {
      method: "POST",
      headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        csrfToken,
        email: "ada@example.test",
        password: "a long enough passphrase 9",
      }),
    }),
    { clientAddress: "127.0.0.1" },
  );
  return { status: answer.status, logged };
}

function assertSaysSchemaMissing(logged: string[]): void {
  const said = logged.filter((line) => /no Gatehouse schema \(table gh_\w+ is missing\)/.test(line));
  assert.ok(
    said.some((line) => line.startsWith("RateLimitStoreFailed")),
    `the limiter says why:\n${logged.join("\n")}`,
  );
  assert.ok(
    said.some((line) => !line.startsWith("RateLimitStoreFailed")),
    "the request's own storage call says why",
  );
  assert.ok(said.every((line) => line.includes("npx gatehouse-migrate") && line.includes("npm run migrate")));
}

describe("a never-migrated database: the log says the schema is missing and how to create it", () => {
  onEachDatabase(async (adapter) => {
    const { status, logged } = await signUpOn(adapter);
    assert.notEqual(status, 500);
    assertSaysSchemaMissing(logged);
  });
});
