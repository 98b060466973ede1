import assert from "node:assert/strict";
import { test } from "node:test";
import { optionsFromEnv } from "./env.ts";

const AUTH = "a".repeat(40);
const NEXTAUTH = "n".repeat(40);

test("the AUTH_ names: secrets for rotation, url, trustHost; no migration", () => {
  assert.deepEqual(
    optionsFromEnv({
      AUTH_SECRET: AUTH,
      AUTH_SECRET_1: "o".repeat(40),
      AUTH_URL: "https://app.example.com/api/auth",
      AUTH_TRUST_HOST: "true",
    }),
    { secret: [AUTH, "o".repeat(40)], url: "https://app.example.com/api/auth", trustHost: true },
  );
  assert.deepEqual(optionsFromEnv({}), { secret: [] });
});

test("next-auth v4's names alone: NEXTAUTH_SECRET is the secret and reads v4 cookies, NEXTAUTH_URL the url", () => {
  assert.deepEqual(optionsFromEnv({ NEXTAUTH_SECRET: NEXTAUTH, NEXTAUTH_URL: "https://app.example.com" }), {
    secret: [NEXTAUTH],
    url: "https://app.example.com",
    migrate: { nextAuthV4: { secret: NEXTAUTH } },
  });
});

test("the AUTH_ names win when both are set; NEXTAUTH_SECRET still reads the v4 cookies", () => {
  assert.deepEqual(
    optionsFromEnv({
      AUTH_SECRET: AUTH,
      AUTH_URL: "https://new.example.com/api/auth",
      NEXTAUTH_SECRET: NEXTAUTH,
      NEXTAUTH_URL: "https://old.example.com",
    }),
    {
      secret: [AUTH],
      url: "https://new.example.com/api/auth",
      migrate: { nextAuthV4: { secret: NEXTAUTH } },
    },
  );
});

test("NEXTAUTH_URL without a scheme is https, as v4 read it; empty values count as unset", () => {
  assert.equal(optionsFromEnv({ NEXTAUTH_URL: "app.example.com" }).url, "https://app.example.com");
  assert.equal(optionsFromEnv({ NEXTAUTH_URL: "http://localhost:3000" }).url, "http://localhost:3000");
  assert.deepEqual(optionsFromEnv({ AUTH_SECRET: "", NEXTAUTH_SECRET: "", NEXTAUTH_URL: "" }), {
    secret: [],
  });
  assert.deepEqual(optionsFromEnv({ AUTH_SECRET: "", NEXTAUTH_SECRET: NEXTAUTH }).secret, [NEXTAUTH]);
});
