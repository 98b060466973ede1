import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { sessionSuite } from "./support/session-suite.ts";

// The same suite runs on SQLite and PostgreSQL: packages/sql/test/integration/session-flows.test.ts.
sessionSuite("sessions a user can see and end, on the memory adapter", async () => ({
  adapter: createMemoryAdapter(),
  close: async () => {},
}));
