import { AuthError } from "../errors/auth-error.ts";
import type { Adapter } from "./adapter.ts";

/** The adapter's methods (not its `rateLimits` store). */
type Method = {
  // biome-ignore lint/suspicious/noExplicitAny: matches any method signature
  [K in keyof Adapter]-?: NonNullable<Adapter[K]> extends (...args: any[]) => any ? K : never;
}[keyof Adapter];
type Args<M extends Method> = Parameters<NonNullable<Adapter[M]>>;
type Result<M extends Method> = Awaited<ReturnType<NonNullable<Adapter[M]>>>;

/**
 * Calls an adapter method and turns any storage failure into `StorageUnavailable` (the cause is kept
 * for the log only). A missing method is a configuration error.
 */
export async function callAdapter<M extends Method>(
  adapter: Adapter,
  method: M,
  ...args: Args<M>
): Promise<Result<M>> {
  const fn = adapter[method] as ((...a: Args<M>) => Result<M> | Promise<Result<M>>) | undefined;
  if (typeof fn !== "function")
    throw new AuthError("Configuration", { cause: `adapter.${method} is missing` });
  try {
    return await fn.apply(adapter, args);
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw new AuthError("StorageUnavailable", { cause: error });
  }
}
