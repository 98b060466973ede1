import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { twoFactorSuite } from "./support/two-factor-suite.ts";

// The same suite runs on SQLite and PostgreSQL: packages/sql/test/integration/password-flows.test.ts.
twoFactorSuite("two-factor sign-in (TOTP and backup codes) on the memory adapter", async () => ({
  adapter: createMemoryAdapter(),
  close: async () => {},
}));
