/**
 * The OpenID Connect sign-in round trip: Gatehouse (jwt sessions, `OIDC` provider) on a real
 * `node:http` server, against a real local OpenID provider (`@gatehouse/dev-provider`, oidc-provider),
 * both on 127.0.0.1. Each sign-in is one browser with its own cookie jar, following redirects by hand:
 *
 *   GET csrf → POST signin/<id> → 302 to the provider → login form (GET, POST) → 303s back →
 *   GET callback/<id> → 302 with the session cookie → GET session, which must name the user.
 *
 * Per sign-in it records:
 * - total: the wall time of that whole sequence, as the browser sees it (GET session included);
 * - inside: the time Gatehouse spends on its own part of the flow, i.e. the POST signin and the
 *   GET callback, measured server-side around `auth.handler` (`performance.now()`);
 * - provider: of that, the callback's back-channel calls to the provider (token, userinfo, and the
 *   key set when it is fetched), measured around the `fetch` Gatehouse is given (`options.fetch`).
 *   Each answer's body is read inside the measurement, so a call counts until its last byte.
 *
 * Sign-ins run one after another. A few untimed ones warm up first (they also fill Gatehouse's
 * discovery and key-set caches, as any running app has them).
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gatehouse, OIDC } from "@gatehouse/core";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { loginAtDevProvider } from "@gatehouse/dev-provider/testing";
import { getRequestListener } from "@hono/node-server";
import { cookieHeader, keepCookies } from "../lib/sign-in.ts";
import { percentile } from "../lib/stats.ts";

export interface SignInFigure {
  signIns: number;
  totalP50Ms: number;
  totalP99Ms: number;
  insideP50Ms: number;
  insideP99Ms: number;
  providerP50Ms: number;
}

/** Untimed sign-ins before the measured ones. */
const WARM_UP = 5;
const PROVIDER_ID = "dev";
const CLIENT_ID = "bench-app";
const CLIENT_SECRET = "bench-app-secret";
const SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
const BASE_PATH = "/api/auth";

/** What one sign-in cost. */
interface Sample {
  totalMs: number;
  insideMs: number;
  providerMs: number;
  /** Back-channel calls made during this sign-in, as `METHOD path`, for the log. */
  providerCalls: string[];
}

export async function measureSignInRoundTrip(options: {
  signIns: number;
  log?: (line: string) => void;
}): Promise<SignInFigure> {
  const { signIns } = options;
  const log = options.log ?? (() => {});
  if (!Number.isInteger(signIns) || signIns < 1) throw new TypeError("signIns must be a positive integer");

  /** The sign-in in progress; the server-side measurements add to it (sign-ins never overlap). */
  let current: Sample | null = null;
  const gatehouseErrors: string[] = [];

  // Gatehouse's server listens first: the provider must know the callback URL, which names the port.
  const server = createServer();
  let op: DevProvider | undefined;
  try {
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const authUrl = `${origin}${BASE_PATH}`;

    op = await startDevProvider({
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [`${authUrl}/callback/${PROVIDER_ID}`],
        },
      ],
      logger: (line) => log(`dev provider: ${line}`),
    });
    const issuer = op.issuer;

    const providerFetch: typeof fetch = async (input, init) => {
      const target = input instanceof Request ? input.url : String(input);
      const method = init?.method ?? (input instanceof Request ? input.method : "GET");
      const started = performance.now();
      try {
        const response = await fetch(input, init);
        const body = nullBodyStatus(response.status) ? null : await response.arrayBuffer();
        return new Response(body, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      } finally {
        if (current) {
          current.providerMs += performance.now() - started;
          current.providerCalls.push(`${method} ${new URL(target).pathname}`);
        }
      }
    };

    const auth = gatehouse({
      secret: SECRET,
      url: authUrl,
      session: { strategy: "jwt" },
      fetch: providerFetch,
      logger: {
        error: (code, detail) => gatehouseErrors.push(`${code}: ${describe(detail)}`),
        warn: (code, detail) => log(`gatehouse warning ${code}: ${describe(detail)}`),
      },
      providers: [
        OIDC({
          id: PROVIDER_ID,
          name: "Dev provider",
          issuer,
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
        }),
      ],
    });

    const ownPaths = new Set([`${BASE_PATH}/signin/${PROVIDER_ID}`, `${BASE_PATH}/callback/${PROVIDER_ID}`]);
    server.on(
      "request",
      getRequestListener(async (request: Request) => {
        const started = performance.now();
        try {
          return await auth.handler(request);
        } finally {
          if (current && ownPaths.has(new URL(request.url).pathname)) {
            current.insideMs += performance.now() - started;
          }
        }
      }),
    );

    const signInOnce = async (n: number): Promise<Sample> => {
      const sample: Sample = { totalMs: 0, insideMs: 0, providerMs: 0, providerCalls: [] };
      current = sample;
      try {
        const started = performance.now();
        await browserSignIn({ authUrl, origin, issuer, username: `Bench User ${n}` });
        sample.totalMs = performance.now() - started;
        return sample;
      } catch (error) {
        const detail = gatehouseErrors.length > 0 ? ` (Gatehouse logged: ${gatehouseErrors.join("; ")})` : "";
        throw new Error(`sign-in ${n} failed: ${describe(error)}${detail}`, { cause: error });
      } finally {
        current = null;
      }
    };

    log(`sign-in round trip: ${WARM_UP} warm-up sign-ins, then ${signIns} timed`);
    for (let n = 0; n < WARM_UP; n++) await signInOnce(n);
    const samples: Sample[] = [];
    for (let n = 0; n < signIns; n++) samples.push(await signInOnce(WARM_UP + n));

    const calls = samples[0]?.providerCalls.join(", ") || "none";
    log(`back-channel calls per sign-in (first timed one): ${calls}`);
    const p = (key: "totalMs" | "insideMs" | "providerMs", q: number) =>
      percentile(
        samples.map((s) => s[key]),
        q,
      );
    return {
      signIns,
      totalP50Ms: p("totalMs", 50),
      totalP99Ms: p("totalMs", 99),
      insideP50Ms: p("insideMs", 50),
      insideP99Ms: p("insideMs", 99),
      providerP50Ms: p("providerMs", 50),
    };
  } finally {
    await closeServer(server);
    await op?.close();
  }
}

/**
 * One browser signing in: its own cookie jar for the app (the dev provider login keeps its own),
 * redirects followed by hand. Throws unless the session afterwards names the user.
 */
async function browserSignIn(input: {
  authUrl: string;
  origin: string;
  issuer: string;
  username: string;
}): Promise<void> {
  const { authUrl, origin, issuer, username } = input;
  const jar = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set("cookie", cookieHeader(jar));
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    keepCookies(jar, response);
    return response;
  };

  const csrf = await request(`${authUrl}/csrf`);
  expectStatus(csrf, 200, "GET csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };

  const callbackUrl = `${origin}/dashboard`;
  const started = await request(`${authUrl}/signin/${PROVIDER_ID}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl }),
  });
  expectStatus(started, 302, "POST signin");
  const authorization = new URL(started.headers.get("location") ?? "", authUrl);
  if (authorization.origin !== issuer) throw new Error(`POST signin redirected to ${authorization.href}`);

  const back = await loginAtDevProvider(issuer, authorization.href, username);
  if (back.origin !== origin || !back.searchParams.has("code")) {
    throw new Error(`the provider sent the browser to ${back.href}`);
  }

  const done = await request(back.href);
  expectStatus(done, 302, "GET callback");
  await done.body?.cancel();
  if (done.headers.get("location") !== callbackUrl) {
    throw new Error(`GET callback redirected to ${done.headers.get("location")}`);
  }

  const session = await request(`${authUrl}/session`);
  expectStatus(session, 200, "GET session");
  const body = (await session.json()) as { user?: { name?: unknown; email?: unknown } } | null;
  if (body?.user?.name !== username || typeof body.user.email !== "string") {
    throw new Error(`GET session did not return the user: ${JSON.stringify(body)}`);
  }
}

function expectStatus(response: Response, status: number, what: string): void {
  if (response.status !== status) {
    throw new Error(`${what}: HTTP ${response.status}, location ${response.headers.get("location")}`);
  }
}

/** Statuses whose responses must not have a body (`new Response` refuses one). */
function nullBodyStatus(status: number): boolean {
  return status === 101 || status === 204 || status === 205 || status === 304;
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

async function closeServer(server: Server): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
  server.closeAllConnections();
  await closed;
}

if (import.meta.main) {
  const log = (line: string) => console.error(line);
  const figure = await measureSignInRoundTrip({ signIns: 50, log });
  const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)} ms` : "n/a");
  console.log(`OpenID Connect sign-in round trip, ${figure.signIns} sign-ins`);
  console.log(`  total (browser):       p50 ${ms(figure.totalP50Ms)}  p99 ${ms(figure.totalP99Ms)}`);
  console.log(`  inside Gatehouse:      p50 ${ms(figure.insideP50Ms)}  p99 ${ms(figure.insideP99Ms)}`);
  console.log(`  of which the provider: p50 ${ms(figure.providerP50Ms)}`);
}
