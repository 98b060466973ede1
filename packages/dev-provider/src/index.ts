export type { TtlOptions } from "./lib/ttl-options.ts";
export type { DevProvider, DevProviderClient, DevProviderOptions } from "./start-dev-provider.ts";
export { startDevProvider } from "./start-dev-provider.ts";
