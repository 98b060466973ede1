// The real Gatehouse handler (packages/core) on the memory adapter, reached through a cookie jar: the
// passkey and two-factor clients are tested against the endpoints they will talk to, not a stand-in.
import {
  createMemoryAdapter,
  type GatehouseOptions,
  gatehouse,
  hashPassword,
  Password,
  type PasswordMail,
} from "@gatehouse/core";
import { webAuthn } from "@gatehouse/passkeys";
import { totp } from "@gatehouse/two-factor";
import { createCookieJar } from "./cookie-jar.ts";

export const ORIGIN = "http://localhost:3000";
export const BASE = `${ORIGIN}/api/auth`;
export const PASSWORD = "correct horse battery staple";

/** A Gatehouse with the Password provider, passkeys and two-factor, and a clock the test moves. */
export function coreEndpoint(
  options: Pick<GatehouseOptions, "passkeys"> = { passkeys: { webAuthn: webAuthn() } },
) {
  const adapter = createMemoryAdapter();
  // Whole 30-second steps from now: a TOTP code belongs to one step, and cookies expire by the real clock.
  const clock = { now: Math.floor(Date.now() / 30_000) * 30_000 };
  const mails: PasswordMail[] = [];
  const auth = gatehouse({
    secret: "react-client-test-secret-0123456789abcdef",
    url: BASE,
    adapter,
    providers: [Password({ sendMail: async (mail) => void mails.push(mail) })],
    ...options,
    twoFactor: { totp: totp(), issuer: "Gatehouse Test" },
    now: () => clock.now,
    logger: { error() {}, warn() {} },
  });
  let next = 1;
  /** A browser: its own cookies and client address. */
  const browser = () => {
    const clientAddress = `100.64.0.${next++}`;
    return createCookieJar((input, init) => auth.handler(new Request(input, init), { clientAddress }));
  };
  /** A verified user with `PASSWORD`; their id. */
  async function seedUser(email: string): Promise<string> {
    const user = await adapter.createUser({
      email,
      emailVerified: new Date(clock.now),
      name: null,
      image: null,
    });
    await adapter.setPasswordHash?.(user.id, await hashPassword(PASSWORD));
    return user.id;
  }
  return { auth, adapter, clock, mails, browser, seedUser };
}
