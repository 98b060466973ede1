import { describe } from "node:test";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { accountTokenCases } from "./support/account-tokens.ts";

// The adapter extensions behind getAccessToken, on their own. The memory adapter's lock (its
// per-account refresh chain) is tested beside it: src/adapter/memory-adapter.test.ts.
describe("account token storage on the memory adapter", () => {
  const adapter = createMemoryAdapter();
  accountTokenCases(() => adapter);
});
