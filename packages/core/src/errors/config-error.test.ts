import assert from "node:assert/strict";
import { test } from "node:test";
import { resolveConfig } from "../config/resolve-config.ts";
import { hasErrorCode } from "./auth-error.ts";
import { ConfigError } from "./config-error.ts";

test("a ConfigError is a TypeError named TypeError, told apart by class and code", () => {
  const error = new ConfigError("Gatehouse: fix this.");
  assert.ok(error instanceof TypeError);
  assert.equal(error.name, "TypeError");
  assert.equal(error.message, "Gatehouse: fix this.");
  assert.equal(error.code, "Configuration");
  assert.ok(hasErrorCode(error, "Configuration"));
  assert.equal(new ConfigError("x", { code: "UnknownProvider" }).code, "UnknownProvider");
  assert.ok(!(new TypeError("Gatehouse: looks the same") instanceof ConfigError));
});

test("startup misuse throws a ConfigError whose message says what to fix", () => {
  assert.throws(
    () => resolveConfig({ secret: "short", providers: [] }),
    (error: unknown) => error instanceof ConfigError && /32 characters/.test(error.message),
  );
});
