import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError } from "../errors/config-error.ts";
import { type RelyingPartyOptions, resolveRelyingParty } from "./relying-party.ts";

function refuses(options: RelyingPartyOptions, publicUrl: string | null, message: RegExp): void {
  assert.throws(
    () => resolveRelyingParty(options, publicUrl),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError, String(error));
      assert.match(error.message, message);
      return true;
    },
  );
}

test("everything defaults from the public URL: its host as RP ID and name, its origin", () => {
  assert.deepEqual(resolveRelyingParty({}, "https://app.example.com/api/auth"), {
    rpId: "app.example.com",
    rpName: "app.example.com",
    origins: ["https://app.example.com"],
  });
  assert.deepEqual(resolveRelyingParty({}, "https://app.example.com:8443/api/auth").origins, [
    "https://app.example.com:8443",
  ]);
});

test("a parent domain as RP ID, several origins and a name are kept, normalised", () => {
  const rp = resolveRelyingParty(
    {
      rpId: "Example.COM",
      rpName: "  Example  ",
      origins: ["https://app.example.com/", "https://ACCOUNTS.example.com", "https://app.example.com"],
    },
    "https://app.example.com/api/auth",
  );
  assert.deepEqual(rp, {
    rpId: "example.com",
    rpName: "Example",
    origins: ["https://app.example.com", "https://accounts.example.com"],
  });
});

test("http://localhost is allowed for development", () => {
  assert.deepEqual(resolveRelyingParty({}, "http://localhost:3000/api/auth"), {
    rpId: "localhost",
    rpName: "localhost",
    origins: ["http://localhost:3000"],
  });
});

test("an RP ID that is not the public URL's host or a parent of it says what to set", () => {
  refuses(
    { rpId: "other.com" },
    "https://app.example.com/api/auth",
    /set passkeys\.rpId to "app\.example\.com"/i,
  );
  refuses({ rpId: "sub.app.example.com" }, "https://app.example.com", /neither the host/);
  // A suffix of the text that is not a parent domain.
  refuses({ rpId: "ample.com" }, "https://app.example.com", /neither the host/);
  // A single label (a public suffix) is never a parent a browser accepts.
  refuses({ rpId: "com" }, "https://app.example.com", /parent domain such as "example\.com"/);
});

test("an RP ID with a scheme, port or path is refused with the bare-domain form to use", () => {
  for (const rpId of ["https://example.com", "example.com:443", "example.com/", "", "example.com."]) {
    refuses({ rpId }, "https://app.example.com", /without scheme, port or path/);
  }
});

test("an origin that is not https is refused, except http://localhost", () => {
  refuses({ origins: ["http://app.example.com"] }, "https://app.example.com", /not https/);
  refuses({}, "http://app.example.com/api/auth", /not https.*serve the app over https/);
});

test("an IP address, 127.0.0.1 too, is refused with the fix: use localhost", () => {
  refuses({}, "http://127.0.0.1:3000/api/auth", /IP address.*localhost/);
  refuses({}, "https://10.0.0.1/api/auth", /IP address/);
  refuses({ rpId: "localhost", origins: ["http://127.0.0.1:3000"] }, null, /IP address.*localhost/);
});

test("the public URL's origin must be among the origins", () => {
  refuses(
    { origins: ["https://accounts.example.com"], rpId: "example.com" },
    "https://app.example.com/api/auth",
    /origin https:\/\/app\.example\.com is not among passkeys\.origins.*Add it/,
  );
});

test("an origin outside the RP ID's domain is refused", () => {
  refuses(
    { origins: ["https://app.example.com", "https://app.example.org"] },
    "https://app.example.com",
    /https:\/\/app\.example\.org is not on the domain/,
  );
});

test("an origin with a path, or not a URL, is refused", () => {
  refuses(
    { origins: ["https://app.example.com/login"] },
    "https://app.example.com",
    /Write it as https:\/\/app/,
  );
  refuses({ origins: ["app.example.com"] }, "https://app.example.com", /not a URL/);
  refuses({ origins: [] }, "https://app.example.com", /empty/);
});

test("without a public URL (trustHost), rpId and origins are required", () => {
  refuses({}, null, /AUTH_URL.*or both passkeys\.rpId and passkeys\.origins/);
  refuses({ rpId: "example.com" }, null, /or both/);
  assert.deepEqual(resolveRelyingParty({ rpId: "example.com", origins: ["https://app.example.com"] }, null), {
    rpId: "example.com",
    rpName: "example.com",
    origins: ["https://app.example.com"],
  });
});

test("an empty name is refused", () => {
  refuses({ rpName: "  " }, "https://app.example.com", /rpName/);
});
