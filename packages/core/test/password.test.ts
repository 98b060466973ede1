import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { passwordAccountSuite } from "./support/password-suite.ts";

// The same suite runs on SQLite and PostgreSQL: packages/sql/test/integration/password-flows.test.ts.
passwordAccountSuite("password accounts on the memory adapter", async () => ({
  adapter: createMemoryAdapter(),
  close: async () => {},
}));
