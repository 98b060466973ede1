import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { passkeySuite } from "./support/passkey-suite.ts";

// The same suite runs on SQLite and PostgreSQL: packages/sql/test/integration/passkey-flows.test.ts.
passkeySuite("passkeys on the memory adapter", async () => ({
  adapter: createMemoryAdapter(),
  close: async () => {},
}));
