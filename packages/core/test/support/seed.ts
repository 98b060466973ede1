import type { Adapter } from "../../src/adapter/adapter.ts";
import { hashPassword } from "../../src/index.ts";

/** The password of the users the suites seed, unless a suite says otherwise. */
export const PASSWORD = "correct horse battery staple";

/** What seeding a user needs of storage. */
export type SeedAdapter = Required<Pick<Adapter, "createUser" | "setPasswordHash">>;

/**
 * A user whose address was verified at `now` (ms), with `password` (by default `PASSWORD`; null:
 * none, for a user who signs in another way); their id.
 *
 * @example
 * const userId = await seedPasswordUser(adapter, "ada@example.test", { now: clock.now });
 */
export async function seedPasswordUser(
  adapter: SeedAdapter,
  email: string,
  options: { now: number; password?: string | null },
): Promise<string> {
  const { now, password = PASSWORD } = options;
  const user = await adapter.createUser({ email, emailVerified: new Date(now), name: null, image: null });
  if (password !== null) await adapter.setPasswordHash(user.id, await hashPassword(password));
  return user.id;
}
