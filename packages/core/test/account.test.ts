import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { accountSuite } from "./support/account-suite.ts";

// The same suite runs on SQLite and PostgreSQL: packages/sql/test/integration/account-flows.test.ts.
accountSuite("the account endpoints on the memory adapter", async () => ({
  adapter: createMemoryAdapter(),
  close: async () => {},
}));
