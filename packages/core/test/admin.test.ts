import assert from "node:assert/strict";
import { test } from "node:test";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { gatehouse, Password } from "../src/index.ts";
import { adminSuite } from "./support/admin-suite.ts";
import { APP, SECRET, TestBrowser } from "./support/flows.ts";

// The same suite runs on SQLite and PostgreSQL: packages/sql/test/integration/admin-flows.test.ts.
adminSuite("roles and the admin API on the memory adapter", async () => ({
  adapter: createMemoryAdapter(),
  close: async () => {},
}));

test("storage that cannot list users (an Auth.js adapter): every admin endpoint is 404 UnknownAction, first", async () => {
  const { searchUsers: _, ...withoutSearch } = createMemoryAdapter();
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    adapter: withoutSearch,
    providers: [Password({ sendMail: async () => {} })],
  });
  const browser = new TestBrowser((request) => auth.handler(request, { clientAddress: "203.0.113.9" }));
  for (const action of ["admin-overview", "admin-users", "admin-user", "admin-audit"]) {
    const answer = await browser.request(`/api/auth/${action}`);
    assert.equal(answer.status, 404, action);
    assert.equal(((await answer.json()) as { error: string }).error, "UnknownAction");
  }
  const csrfToken = await browser.csrf();
  const posted = await browser.request("/api/auth/admin-user-disable", { json: { csrfToken, id: "x" } });
  assert.equal(posted.status, 404);
});
