/**
 * The conformance suite against core's in-memory adapter, with the Gatehouse extensions: the adapter
 * core's own behaviour suites run on must keep the contract the SQL adapter keeps.
 */
import { createMemoryAdapter, type MemoryTables } from "@gatehouse/core/memory";
import { type CountedTable, runAdapterConformance } from "../src/index.ts";

const TABLES: Record<CountedTable, keyof MemoryTables> = {
  users: "users",
  accounts: "accounts",
  sessions: "sessions",
  verificationTokens: "verificationTokens",
  passwords: "passwords",
};

runAdapterConformance({
  name: "@gatehouse/core memory adapter",
  extensions: true,
  nullableEmail: true,
  setup: async () => {
    const adapter = createMemoryAdapter();
    return {
      adapter,
      teardown: async () => {},
      count: async (table) => adapter.tables()[TABLES[table]].length,
    };
  },
});
