import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError } from "../errors/config-error.ts";
import { Credentials } from "../providers/credentials.ts";
import type { CredentialInput } from "../providers/types.ts";
import { resolveConfig } from "./resolve-config.ts";

const secret = "a-secret-of-at-least-thirty-two-characters";
const authorize = async () => null;

function withFields(credentials: Record<string, unknown>) {
  return () =>
    resolveConfig({
      secret,
      url: "http://localhost:3000/api/auth",
      providers: [Credentials({ credentials: credentials as Record<string, CredentialInput>, authorize })],
    });
}

test("credentials fields the sign-in page can render are accepted", () => {
  assert.doesNotThrow(
    withFields({
      username: { label: "User", type: "text", placeholder: "ada", autocomplete: "username", required: true },
      password: { type: "password" },
      code: {},
    }),
  );
});

test("a credentials field the page cannot render is a ConfigError at start-up, naming the field", () => {
  for (const bad of [{ label: 42 }, { required: "yes" }, { type: ["password"] }, null, "text"]) {
    assert.throws(withFields({ pin: bad }), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match((error as Error).message, /field "pin"/);
      return true;
    });
  }
  assert.throws(withFields(null as unknown as Record<string, unknown>), ConfigError);
});
