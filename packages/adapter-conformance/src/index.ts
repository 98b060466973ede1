export {
  createPostgresTestSchema,
  POSTGRES_TEST_URL,
  type PostgresProbe,
  type PostgresTestSchema,
  postgresUnavailable,
} from "./postgres-test-schema.ts";
export { runAdapterConformance } from "./run-adapter-conformance.ts";
export type {
  AdapterExtensions,
  ConformanceFixture,
  ConformanceOptions,
  CountedTable,
} from "./types.ts";
