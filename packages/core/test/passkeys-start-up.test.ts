/**
 * Passkeys need the WebAuthn ceremonies (`@gatehouse/passkeys`): core carries no WebAuthn library,
 * and an app that turns passkeys on without them fails at start-up with the command that fixes it.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { webAuthn } from "@gatehouse/passkeys";
import {
  ConfigError,
  createMemoryAdapter,
  type GatehouseOptions,
  gatehouse,
  Password,
} from "../src/index.ts";

const base = {
  secret: "test-secret-test-secret-test-secret-0123456789",
  url: "http://localhost:3000/api/auth",
  adapter: createMemoryAdapter(),
  providers: [Password({ sendMail: async () => {} })],
  logger: { error() {}, warn() {} },
};

test("passkeys without the WebAuthn ceremonies are a ConfigError that says what to install", () => {
  const given: unknown[] = [
    true,
    {},
    { rpName: "Acme" },
    { webAuthn: {} },
    { webAuthn: { verifyRegistration() {} } },
  ];
  for (const passkeys of given) {
    assert.throws(
      () => gatehouse({ ...base, passkeys } as unknown as GatehouseOptions),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError, String(error));
        assert.match(error.message, /npm install @gatehouse\/passkeys/);
        assert.match(error.message, /webAuthn: webAuthn\(\)/);
        return true;
      },
      JSON.stringify(passkeys),
    );
  }
});

test("with webAuthn() from @gatehouse/passkeys, passkeys start, and options come from the ceremonies", async () => {
  const auth = gatehouse({ ...base, passkeys: { webAuthn: webAuthn(), rpName: "Acme" } });
  const csrf = await auth.handler(new Request(`${base.url}/csrf`));
  const cookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await auth.handler(
    new Request(`${base.url}/passkey-options`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken }),
    }),
  );
  assert.equal(response.status, 200);
  const { options } = (await response.json()) as {
    options: { challenge: string; rpId: string; userVerification: string };
  };
  assert.equal(options.rpId, "localhost");
  assert.equal(options.userVerification, "required");
  assert.ok(options.challenge.length >= 43);
  // Passkeys off: no ceremonies needed, and the passkey endpoints are 404.
  const off = gatehouse({ ...base, passkeys: false });
  assert.equal((await off.handler(new Request(`${base.url}/passkeys`))).status, 404);
});
