import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { abuseSuite } from "./support/abuse-suite.ts";

// The same suite runs on SQLite and PostgreSQL (their own rate-limit store): packages/sql/test/integration/password-flows.test.ts.
abuseSuite("abuse protection on the memory adapter", async () => ({
  adapter: createMemoryAdapter(),
  close: async () => {},
}));
