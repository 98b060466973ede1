import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import * as oauth from "oauth4webapi";

export const CLIENT_ID = "preset-client";
export const CLIENT_SECRET = "preset-secret-value";

/** One authorization the fake handed out, as the provider would remember it. */
export interface Grant {
  /** The authorization request's query. */
  query: URLSearchParams;
  /** Mutable per-test knobs (a GitHub user without a public email, Apple's second login…). */
  scenario: Record<string, unknown>;
}

/**
 * A provider as the fake plays it: its real `https://` URLs and response shapes. Everything an OIDC
 * provider publishes (discovery, key set, ID tokens) is derived from `issuer`.
 */
export interface ProviderSpec {
  /** OIDC only: the provider's real issuer. */
  issuer?: string;
  /** Where discovery lives when not under the issuer (LinkedIn), and the `issuer` it names (Entra `common`). */
  discovery?: { url?: string; issuer?: string };
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint?: string;
  clientAuth: "client_secret_basic" | "client_secret_post";
  /** Whether discovery advertises RFC 9207 `iss` and the fake sends it back. */
  issParameter?: boolean;
  /** False for providers whose ID tokens never carry the request's `nonce` (LinkedIn). */
  echoNonce?: boolean;
  /** The ID token's claims (besides iss/aud/iat/exp/nonce); may override `iss`. */
  idToken?: (grant: Grant) => Record<string, unknown>;
  /** Reshapes the token endpoint's success body (GitHub without expires_in, Twitch's array scope). */
  tokenResponse?: (body: Record<string, unknown>, grant: Grant) => Record<string, unknown>;
  /** JSON resources behind the access token, by real URL without query. */
  resources?: Record<string, (grant: Grant) => unknown>;
  /** Extra fields of the form_post page (Apple's first-login `user`). */
  formPost?: (grant: Grant) => Record<string, string>;
  /**
   * Accepts an authorization code again after it was exchanged, answering fresh tokens each time —
   * what RFC 6749 §4.1.2 forbids and some providers still do (a cache in front, a lax implementation).
   */
  reusableCodes?: boolean;
}

export interface FakeProvider {
  /** Routes the provider's real `https://` URLs to the fake; pass as `gatehouse({ fetch })`. */
  fetch: typeof fetch;
  /** Every real URL requested (`https://host/path?query`), in order. */
  requests: string[];
  /** How many code exchanges the token endpoint answered with tokens. */
  exchanges: number;
  scenario: Record<string, unknown>;
  lastAuthorization?: URLSearchParams;
  close(): Promise<void>;
}

/**
 * A fake of one provider on 127.0.0.1: real URLs are rewritten to `http://127.0.0.1:<port>/<host>/<path>`
 * by `fetch`, so preset code and its https-only checks stay as in production.
 */
export async function startFakeProvider(spec: ProviderSpec): Promise<FakeProvider> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant>();
  const issuer = spec.issuer;
  const jwksUri = issuer ? `${issuer.replace(/\/$/, "")}/fake-jwks` : undefined;

  const fake: FakeProvider = {
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      return globalThis.fetch(`${origin}/${url.host}${url.pathname}${url.search}`, init);
    },
    requests: [],
    exchanges: 0,
    scenario: {},
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse, url: URL) => unknown>();
  const route = (url: string, handler: (req: IncomingMessage, res: ServerResponse, url: URL) => unknown) =>
    routes.set(key(url), handler);

  if (issuer) {
    route(spec.discovery?.url ?? `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`, (_q, res) =>
      json(res, 200, {
        issuer: spec.discovery?.issuer ?? issuer,
        authorization_endpoint: spec.authorizationEndpoint,
        token_endpoint: spec.tokenEndpoint,
        ...(spec.userinfoEndpoint ? { userinfo_endpoint: spec.userinfoEndpoint } : {}),
        jwks_uri: jwksUri,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        token_endpoint_auth_methods_supported: [spec.clientAuth],
        ...(spec.issParameter ? { authorization_response_iss_parameter_supported: true } : {}),
      }),
    );
    route(jwksUri!, (_q, res) => json(res, 200, { keys: [jwk] }));
  }

  route(spec.authorizationEndpoint, (_req, res, url) => {
    const query = url.searchParams;
    fake.lastAuthorization = query;
    if (query.get("client_id") !== CLIENT_ID || query.get("response_type") !== "code") {
      return json(res, 400, { error: "invalid_request" });
    }
    const code = crypto.randomUUID();
    const grant: Grant = { query, scenario: fake.scenario };
    codes.set(code, grant);
    const back = {
      code,
      state: query.get("state") ?? "",
      ...(spec.issParameter ? { iss: issuer ?? "" } : {}),
    };
    if (query.get("response_mode") === "form_post") {
      const fields = { ...back, ...spec.formPost?.(grant) };
      const inputs = Object.entries(fields)
        .map(([n, v]) => `<input type="hidden" name="${n}" value="${escapeHtml(v)}">`)
        .join("");
      const page = `<form method="post" action="${escapeHtml(query.get("redirect_uri") ?? "")}">${inputs}</form>`;
      return res.writeHead(200, { "content-type": "text/html" }).end(page);
    }
    const target = new URL(query.get("redirect_uri") ?? "");
    for (const [n, v] of Object.entries(back)) target.searchParams.set(n, v);
    res.writeHead(302, { location: target.href }).end();
  });

  route(spec.tokenEndpoint, async (req, res) => {
    const body = new URLSearchParams(await readBody(req));
    if (!authenticated(spec.clientAuth, req.headers.authorization, body)) {
      return json(res, 401, { error: "invalid_client" });
    }
    const grant = codes.get(body.get("code") ?? "");
    if (!spec.reusableCodes) codes.delete(body.get("code") ?? "");
    const challenge = await oauth.calculatePKCECodeChallenge(body.get("code_verifier") ?? "");
    if (
      !grant ||
      body.get("grant_type") !== "authorization_code" ||
      grant.query.get("redirect_uri") !== body.get("redirect_uri") ||
      grant.query.get("code_challenge") !== challenge
    ) {
      return json(res, 400, { error: "invalid_grant" });
    }
    const accessToken = crypto.randomUUID();
    accessTokens.set(accessToken, grant);
    fake.exchanges += 1;
    let tokens: Record<string, unknown> = {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: 3600,
      scope: grant.query.get("scope") ?? "",
    };
    if (issuer) tokens.id_token = await idToken(grant);
    if (spec.tokenResponse) tokens = spec.tokenResponse(tokens, grant);
    json(res, 200, tokens);
  });

  const idToken = (grant: Grant): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const nonce = spec.echoNonce === false ? null : grant.query.get("nonce");
    const claims = {
      iss: issuer,
      aud: CLIENT_ID,
      iat: now,
      exp: now + 300,
      ...(nonce ? { nonce } : {}),
      ...spec.idToken?.(grant),
    };
    return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: "k1" }).sign(privateKey);
  };

  for (const [url, answer] of Object.entries(spec.resources ?? {})) {
    route(url, (req, res) => {
      const grant = accessTokens.get((req.headers.authorization ?? "").replace(/^Bearer /i, ""));
      if (!grant) return json(res, 401, { error: "invalid_token" });
      json(res, 200, answer(grant));
    });
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const [, host = "", ...rest] = url.pathname.split("/");
    const real = new URL(`https://${host}/${rest.join("/")}${url.search}`);
    fake.requests.push(real.href);
    const handler = routes.get(key(real.href));
    if (!handler) return json(res, 404, { error: "not_found" });
    await handler(req, res, real);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** Route key: host and path, without the query. */
function key(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}

function authenticated(
  method: ProviderSpec["clientAuth"],
  header: string | undefined,
  body: URLSearchParams,
) {
  if (method === "client_secret_post") {
    return (
      header === undefined &&
      body.get("client_id") === CLIENT_ID &&
      body.get("client_secret") === CLIENT_SECRET
    );
  }
  if (!header?.startsWith("Basic ")) return false;
  const [id, secret] = Buffer.from(header.slice(6), "base64").toString().split(":").map(decodeURIComponent);
  return id === CLIENT_ID && secret === CLIENT_SECRET;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      data += chunk;
    });
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
