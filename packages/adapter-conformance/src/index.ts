export { type FaultMode, type FaultProxy, startFaultProxy } from "./fault-proxy.ts";
export {
  createPostgresTestSchema,
  POSTGRES_TEST_URL,
  type PostgresProbe,
  type PostgresTestSchema,
  postgresUnavailable,
} from "./postgres-test-schema.ts";
export {
  type RateLimitStoreContractOptions,
  type RateLimitStoreHarness,
  rateLimitStoreCases,
  runRateLimitStoreContract,
} from "./rate-limit-store-contract.ts";
export { runAdapterConformance } from "./run-adapter-conformance.ts";
export type {
  AdapterExtensions,
  AdminExtensions,
  AuditExtensions,
  ConformanceFixture,
  ConformanceOptions,
  CountedTable,
  DisabledUserExtensions,
  PasskeyExtensions,
  PasswordExtensions,
  SessionRecordExtensions,
  TwoFactorExtensions,
} from "./types.ts";
