/**
 * What one entry of the jwt strategy's `VerifiedTokenCache` holds on the heap:
 * `node -C gatehouse-source --expose-gc bench/cache-entry-bytes.ts` (issue 12; from the sources).
 *
 * Mints 10,000 real session cookies through the handler, then, as on 10,000 requests, hands each
 * Cookie header over as a fresh string (as the HTTP parser does), takes the session token out of it
 * with core's own cookie parser and keeps it in the cache with claims shaped as a decrypted token's.
 * Bytes per entry = heap growth after a full GC / entries. Run once with the Cookie headers as the
 * bench sends them and once with 2 KB of other cookies in front (what a site with analytics sends).
 */
import { Credentials, gatehouse } from "@gatehouse/core";
import { parseCookies } from "../packages/core/src/cookies/cookie.ts";
import { VerifiedTokenCache } from "../packages/core/src/session/verified-token-cache.ts";
import { signInWithCredentials } from "./lib/sign-in.ts";

const ENTRIES = 10_000;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new TypeError("run with node --expose-gc");

const authUrl = "http://127.0.0.1:4000/api/auth";
const auth = gatehouse({
  secret: "bench-secret-bench-secret-bench-secret-0123456789",
  url: authUrl,
  providers: [
    Credentials({
      credentials: { username: { label: "User name" }, password: { label: "Password", type: "password" } },
      authorize: () => ({ id: "bench-user", name: "Bench User", email: "bench@example.com" }),
    }),
  ],
});
const direct = (url: string, init?: RequestInit) => auth.handler(new Request(url, init));
const headers: string[] = [];
for (let i = 0; i < ENTRIES; i++) {
  headers.push(await signInWithCredentials({ authUrl, username: "bench", password: "bench", fetch: direct }));
}

for (const other of [0, 2048]) {
  const prefix = other > 0 ? `_ga=${"g".repeat(other - 5)}; ` : "";
  const now = Date.now();
  const cache = new VerifiedTokenCache(ENTRIES);
  gc();
  const before = process.memoryUsage().heapUsed;
  for (const [i, header] of headers.entries()) {
    const fresh = Buffer.from(`${prefix}${header}`).toString();
    const token = parseCookies(fresh).get("gatehouse.session-token");
    if (!token) throw new Error("no session token in the minted cookie");
    // Claims come out of JSON.parse after decryption: flat strings, as here.
    const claims = JSON.parse(
      JSON.stringify({
        name: "Bench User",
        email: "bench@example.com",
        sub: crypto.randomUUID(),
        iat: Math.floor(now / 1000),
        exp: Math.floor(now / 1000) + 2_592_000,
        jti: crypto.randomUUID(),
        signed_in_at: now + i,
      }),
    );
    cache.set(token, claims, now);
  }
  gc();
  const perEntry = (process.memoryUsage().heapUsed - before) / cache.size;
  const length = headers[0]!.length + prefix.length;
  console.log(
    `Cookie header of ${length} chars: ${Math.round(perEntry)} bytes per entry (${cache.size} entries)`,
  );
}
