import assert from "node:assert/strict";
import { describe, test } from "node:test";
// The real next-auth v4 (a devDependency at an exact version): what it mints, Gatehouse must read.
import { encode } from "next-auth/jwt";
import { createMemoryAdapter } from "../adapter/memory-adapter.ts";
import type { MigrateOptions } from "../config/options.ts";
import { ConfigError } from "../errors/config-error.ts";
import { encodeJwt } from "../lib/jwt.ts";
import { KeyRing } from "../lib/key-ring.ts";
import { resolveMigration } from "./next-auth-v4.ts";

const V4_SECRET = "a next-auth v4 secret"; // v4 set no minimum length
const jwt = { adapter: null, cookiePrefix: "gatehouse" } as const;
const claims = {
  sub: "user-1",
  name: "Ada Lovelace",
  email: "ada@example.test",
  picture: null,
  role: "admin",
};

function v4(migrate: MigrateOptions = { nextAuthV4: { secret: V4_SECRET } }) {
  const resolved = resolveMigration(migrate, jwt);
  assert.ok(resolved);
  return resolved;
}

describe("next-auth v4 session tokens", () => {
  test("a token from v4's own `encode` decodes to its claims, custom ones included", async () => {
    const token = await encode({ token: claims, secret: V4_SECRET });
    const decoded = await v4().decode(token, Date.now());
    assert.ok(decoded);
    const { iat, exp, jti, ...rest } = decoded;
    assert.deepEqual(rest, claims);
    assert.ok(typeof iat === "number" && exp === iat + 30 * 86_400, "v4's default: 30 days");
    assert.equal(typeof jti, "string");
  });

  test("expiry allows v4's 15 s of clock difference, not a second more", async () => {
    const token = await encode({ token: claims, secret: V4_SECRET, maxAge: 60 });
    const reader = v4();
    const exp = (await reader.decode(token, Date.now()))?.exp;
    assert.equal(typeof exp, "number");
    assert.ok(await reader.decode(token, ((exp as number) + 14) * 1000), "inside the tolerance");
    assert.equal(await reader.decode(token, ((exp as number) + 16) * 1000), null, "expired");
  });

  test("another secret, a tampered token, garbage and v4's other cookies are no session", async () => {
    const reader = v4();
    const now = Date.now();
    const foreign = await encode({ token: claims, secret: "another secret" });
    assert.equal(await reader.decode(foreign, now), null);

    const token = await encode({ token: claims, secret: V4_SECRET });
    const parts = token.split(".");
    const ciphertext = parts[3] ?? "";
    parts[3] = (ciphertext[0] === "A" ? "B" : "A") + ciphertext.slice(1);
    assert.equal(await reader.decode(parts.join("."), now), null);

    for (const garbage of ["", "not-a-jwe", "a.b.c.d.e", token.slice(0, -2)]) {
      assert.equal(await reader.decode(garbage, now), null);
    }
    // v4 salts its state/PKCE/nonce cookies with their names: none of them reads as a session.
    const state = await encode({ token: { value: "x" }, secret: V4_SECRET, salt: "next-auth.state" });
    assert.equal(await reader.decode(state, now), null);
  });

  test("a Gatehouse session token is not a v4 one, even under the same secret", async () => {
    const secret = "the-same-secret-for-both-of-them-0123456789";
    const keys = await new KeyRing([secret]).encryptionKeys("gatehouse.session-token");
    const ours = await encodeJwt({ token: claims, keys, maxAge: 60, now: Date.now() });
    assert.equal(await v4({ nextAuthV4: { secret } }).decode(ours, Date.now()), null);
  });

  test("cookie names: next-auth's defaults by scheme, or the name the v4 app chose", () => {
    const reader = v4();
    assert.equal(reader.cookieName(false), "next-auth.session-token");
    assert.equal(reader.cookieName(true), "__Secure-next-auth.session-token");
    const custom = v4({ nextAuthV4: { secret: V4_SECRET, cookieName: "app.session" } });
    assert.equal(custom.cookieName(false), "app.session");
    assert.equal(custom.cookieName(true), "app.session");
  });
});

describe("migrate option at start-up", () => {
  test("absent or empty: off", () => {
    assert.equal(resolveMigration(undefined, jwt), null);
    assert.equal(resolveMigration({}, jwt), null);
  });

  test("misuse is a ConfigError that says what to set", () => {
    const cases: Array<[unknown, object, RegExp]> = [
      [{ nextAuthV4: {} }, jwt, /nextAuthV4\.secret.*NEXTAUTH_SECRET/],
      [{ nextAuthV4: { secret: "" } }, jwt, /nextAuthV4\.secret/],
      [{ nextAuthV4: null }, jwt, /nextAuthV4\.secret/],
      [{ nextAuth: { secret: V4_SECRET } }, jwt, /unknown migrate\.nextAuth\b/],
      ["yes", jwt, /`migrate` must be an object/],
      [{ nextAuthV4: { secret: V4_SECRET, cookieName: "a b" } }, jwt, /cookieName/],
      [
        { nextAuthV4: { secret: V4_SECRET } },
        { ...jwt, cookiePrefix: "next-auth" },
        /both next-auth v4's and Gatehouse's/,
      ],
      [
        { nextAuthV4: { secret: V4_SECRET } },
        { adapter: { createSession() {} }, cookiePrefix: "gatehouse" },
        /with an adapter needs its getUser/,
      ],
    ];
    for (const [migrate, context, message] of cases) {
      assert.throws(
        () => resolveMigration(migrate as MigrateOptions, context as Parameters<typeof resolveMigration>[1]),
        (error: unknown) => error instanceof ConfigError && message.test(error.message),
        String(message),
      );
    }
  });

  test("an adapter that has getUser is fine", () => {
    const context = { adapter: createMemoryAdapter(), cookiePrefix: "gatehouse" };
    assert.ok(resolveMigration({ nextAuthV4: { secret: V4_SECRET } }, context));
  });
});
