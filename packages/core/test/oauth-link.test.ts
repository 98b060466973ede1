import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { oauthLinkSuite } from "./support/oauth-link-suite.ts";

// The same suite runs on SQLite and PostgreSQL: packages/sql/test/integration/oauth-link-flows.test.ts.
oauthLinkSuite("account linking follows the flow, not the cookie, on the memory adapter", async () => ({
  adapter: createMemoryAdapter(),
  close: async () => {},
}));
