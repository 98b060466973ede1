export type { TtlOptions } from "./lib/provider-configuration.ts";
export type { DevProvider, DevProviderClient, DevProviderOptions } from "./start-dev-provider.ts";
export { startDevProvider } from "./start-dev-provider.ts";
