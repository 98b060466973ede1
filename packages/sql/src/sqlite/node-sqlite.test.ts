import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError } from "@gatehouse/core";
import { checkNodeSqlite, loadNodeSqlite } from "./node-sqlite.ts";

test("node:sqlite loads on this Node", () => {
  assert.equal(typeof loadNodeSqlite().DatabaseSync, "function");
});

test("an older node:sqlite (Node 22.13–22.15: no StatementSync.columns) is a ConfigError that names the fix", () => {
  class StatementSync {}
  for (const module of [undefined, { DatabaseSync: class {}, StatementSync }]) {
    assert.throws(
      () => checkNodeSqlite(module, "v22.13.0"),
      (error: unknown) =>
        error instanceof ConfigError &&
        /needs Node\.js 22\.16 or later/.test(error.message) &&
        /this is Node\.js v22\.13\.0/.test(error.message) &&
        /use PostgreSQL/.test(error.message),
    );
  }
});
