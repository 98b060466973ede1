// Password accounts on a runtime whose node:crypto has no argon2 (Node 22, Deno, Bun): the hasher core
// selects there (@gatehouse/argon2id, pure JavaScript) through sign-up and sign-in, and its hashes
// and node:crypto's verify on each other. The real Node 22: e2e/password-runtimes.test.ts.
import assert from "node:assert/strict";
import * as nodeCrypto from "node:crypto";
import { test } from "node:test";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { gatehouse, Password, verifyPassword } from "../src/index.ts";
import { selectArgon2id } from "../src/passwords/argon2id-backend.ts";
import { passwordHasherWith } from "../src/passwords/verify-password.ts";
import { APP, SECRET, sessionOf, TestBrowser } from "./support/flows.ts";
import { GOOD_PASSWORD, passwordSignIn, SIGN_UP, submit } from "./support/password-accounts.ts";

const { argon2: _argon2, argon2Sync: _argon2Sync, ...withoutArgon2 } = nodeCrypto;

test("sign-up and sign-in with Password() where node:crypto has no argon2; hashes move both ways", async () => {
  const load = selectArgon2id(withoutArgon2);
  assert.equal((await load()).source, "@gatehouse/argon2id");
  const adapter = createMemoryAdapter();
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    adapter,
    // The default parameters: what Password() would hash with on Node 22.
    providers: [
      Password({
        sendMail: async () => {},
        requireEmailVerification: false,
        hasher: passwordHasherWith(load),
      }),
    ],
  });
  const browser = () => new TestBrowser((request) => auth.handler(request, { clientAddress: "192.0.2.1" }));

  const ada = browser();
  const email = "ada@example.test";
  const signedUp = await submit(ada, SIGN_UP, { email, password: GOOD_PASSWORD, name: "Ada" });
  assert.equal(signedUp.status, 302);
  const signedIn = await passwordSignIn(ada, email, GOOD_PASSWORD);
  assert.equal(signedIn.status, 302);
  assert.equal(signedIn.headers.get("location"), `${APP}/home`);
  assert.equal((await sessionOf(ada)).user?.email, email);
  assert.equal(
    (await passwordSignIn(browser(), email, "not the password at all")).headers
      .get("location")
      ?.includes("error=CredentialsSignin"),
    true,
  );

  // The pure-JavaScript hash is the PHC string node:crypto writes, and node:crypto verifies it.
  const user = await adapter.getUserByEmail(email);
  const stored = (await adapter.getPasswordHash?.(user!.id)) ?? "";
  assert.match(stored, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  assert.deepEqual(await verifyPassword(GOOD_PASSWORD, stored), { ok: true, needsRehash: false });

  // An account whose hash node:crypto made (on Node 24) signs in where only the JavaScript path runs.
  const grace = "grace@example.test";
  const native = passwordHasherWith(selectArgon2id(nodeCrypto));
  const created = await adapter.createUserWithPassword?.(
    { email: grace, name: null, emailVerified: new Date(), image: null },
    await native.hash(GOOD_PASSWORD),
  );
  assert.ok(created);
  const other = browser();
  assert.equal((await passwordSignIn(other, grace, GOOD_PASSWORD)).status, 302);
  assert.equal((await sessionOf(other)).user?.email, grace);
});
