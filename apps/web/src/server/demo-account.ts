import { randomBytes } from "node:crypto";
import { type Adapter, hashPassword } from "@gatehouse/core";

/** The development demo account: an ordinary password account, with a password new on every start. */
export interface DemoAccount {
  email: string;
  password: string;
}

export const DEMO_EMAIL = "demo@example.test";

/** What seeding needs of storage: the `Password` provider's methods, as `@gatehouse/sql` has them. */
type DemoStorage = Required<
  Pick<Adapter, "getUserByEmail" | "updateUser" | "createUserWithPassword" | "setPasswordHash">
>;

/**
 * Development only: makes sure `demo@example.test` ("Demo User", address verified) exists with a
 * fresh random password, and returns it for the log. An existing demo user keeps its id, name and
 * sessions; only the password changes. Nothing about it is special once seeded: it signs in through
 * the `Password` provider like any account, so it can also reset or change its password.
 *
 * @example const demo = await seedDemoAccount(adapter); log(`demo account: ${demo.email} / ${demo.password}`);
 */
export async function seedDemoAccount(
  adapter: DemoStorage,
  options: { random?: (size: number) => Uint8Array } = {},
): Promise<DemoAccount> {
  // New per start, as the old demo credentials were: a password that leaks from one run's log is
  // dead by the next.
  const random = options.random ?? ((size: number) => randomBytes(size));
  const password = Buffer.from(random(12)).toString("base64url");
  const hash = await hashPassword(password);
  // Two attempts: a sign-up for the same address between the lookup and the insert (only possible
  // if someone raced the start) makes the insert resolve null; the second lookup then finds it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await adapter.getUserByEmail(DEMO_EMAIL);
    if (existing) {
      await adapter.setPasswordHash(existing.id, hash);
      // Sign-in requires a verified address; the demo account must always be able to sign in.
      if (!existing.emailVerified) await adapter.updateUser({ id: existing.id, emailVerified: new Date() });
      return { email: DEMO_EMAIL, password };
    }
    const created = await adapter.createUserWithPassword(
      { name: "Demo User", email: DEMO_EMAIL, emailVerified: new Date(), image: null },
      hash,
    );
    if (created) return { email: DEMO_EMAIL, password };
  }
  throw new Error(`Could not create the demo account ${DEMO_EMAIL}.`);
}
