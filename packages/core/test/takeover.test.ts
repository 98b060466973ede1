import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { linksSuite } from "./support/links-suite.ts";
import { preAccountSuite } from "./support/pre-account-suite.ts";

// The same suites run on SQLite and PostgreSQL: packages/sql/test/integration/takeover-flows.test.ts.
const open = async () => ({ adapter: createMemoryAdapter(), close: async () => {} });
preAccountSuite("pre-account hijacking on the memory adapter", open);
linksSuite("outstanding links and account recovery on the memory adapter", open);
