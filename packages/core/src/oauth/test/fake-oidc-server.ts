import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import * as oauth from "oauth4webapi";

/** How the fake misbehaves; tests change it between steps. */
export interface FakeBehavior {
  discovery: "ok" | "hang";
  token: "ok" | "hang" | "html" | "500" | "redirect";
  jwks: "ok" | "hang";
  /** Signs the ID token with the published key, an unpublished key (same `kid`), or `alg: none`. */
  idTokenKey: "published" | "other" | "none";
  /** Merged over the ID token's normal claims (`undefined` removes a claim). */
  idTokenClaims: Record<string, unknown>;
  /** `sub` the userinfo endpoint answers; default the ID token's. */
  userinfoSub?: string;
  /** Discovery's `id_token_signing_alg_values_supported`. */
  signingAlgs: string[];
  /** Discovery's `authorization_response_iss_parameter_supported`. */
  issParameter: boolean;
}

export interface FakeOidcServer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  behavior: FakeBehavior;
  /** Path of every request received, in order. */
  requests: string[];
  /** The query of the last authorization request. */
  lastAuthorization?: URLSearchParams;
  close(): Promise<void>;
}

interface Grant {
  redirectUri: string;
  challenge: string;
  nonce: string | null;
  openid: boolean;
}

const SUBJECT = "user-123";

/**
 * A small OpenID provider on 127.0.0.1: discovery, JWKS, an authorization endpoint that answers at once
 * with a code, token and userinfo endpoints — each able to misbehave through `behavior`.
 */
export async function startFakeOidcServer(): Promise<FakeOidcServer> {
  const published = await generateKeyPair("RS256");
  const other = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(published.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const grants = new Map<string, Grant>();
  const issuedTokens = new Set<string>();

  const fake: FakeOidcServer = {
    issuer: "",
    clientId: "gatehouse-test",
    clientSecret: "s3cret-value",
    behavior: {
      discovery: "ok",
      token: "ok",
      jwks: "ok",
      idTokenKey: "published",
      idTokenClaims: {},
      signingAlgs: ["RS256"],
      issParameter: true,
    },
    requests: [],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };

  const idToken = async (nonce: string | null): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {
      iss: fake.issuer,
      sub: SUBJECT,
      aud: fake.clientId,
      iat: now,
      exp: now + 300,
    };
    if (nonce !== null) claims.nonce = nonce;
    claims.email = "Ada@Example.COM";
    claims.name = "Ada Lovelace";
    Object.assign(claims, fake.behavior.idTokenClaims);
    if (fake.behavior.idTokenKey === "none") {
      const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
      return `${part({ alg: "none" })}.${part(claims)}.`;
    }
    const key = fake.behavior.idTokenKey === "published" ? published.privateKey : other.privateKey;
    return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: "k1" }).sign(key);
  };

  const token = async (req: IncomingMessage, res: ServerResponse) => {
    const mode = fake.behavior.token;
    if (mode === "hang") return; // never answers
    if (mode === "html") return res.writeHead(200, { "content-type": "text/html" }).end("<html>hi</html>");
    if (mode === "500") return json(res, 500, { message: "boom" });
    if (mode === "redirect") return res.writeHead(302, { location: `${fake.issuer}/elsewhere` }).end();
    const body = new URLSearchParams(await readBody(req));
    const [id, secret] = basicCredentials(req.headers.authorization);
    if (id !== fake.clientId || secret !== fake.clientSecret)
      return json(res, 401, { error: "invalid_client" });
    const grant = grants.get(body.get("code") ?? "");
    grants.delete(body.get("code") ?? "");
    const challenge = await oauth.calculatePKCECodeChallenge(body.get("code_verifier") ?? "");
    if (!grant || grant.redirectUri !== body.get("redirect_uri") || grant.challenge !== challenge) {
      return json(res, 400, { error: "invalid_grant" });
    }
    const accessToken = crypto.randomUUID();
    issuedTokens.add(accessToken);
    // Like real OpenID providers, an ID token only for the `openid` scope.
    const tokens = { access_token: accessToken, token_type: "Bearer", expires_in: 3600 };
    json(res, 200, grant.openid ? { ...tokens, id_token: await idToken(grant.nonce) } : tokens);
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", fake.issuer);
    fake.requests.push(url.pathname);
    switch (url.pathname) {
      case "/.well-known/openid-configuration":
        if (fake.behavior.discovery === "hang") return;
        return json(res, 200, {
          issuer: fake.issuer,
          authorization_endpoint: `${fake.issuer}/authorize`,
          token_endpoint: `${fake.issuer}/token`,
          userinfo_endpoint: `${fake.issuer}/userinfo`,
          jwks_uri: `${fake.issuer}/jwks`,
          id_token_signing_alg_values_supported: fake.behavior.signingAlgs,
          authorization_response_iss_parameter_supported: fake.behavior.issParameter,
          code_challenge_methods_supported: ["S256"],
        });
      case "/jwks":
        if (fake.behavior.jwks === "hang") return;
        return json(res, 200, { keys: [jwk] });
      case "/authorize": {
        fake.lastAuthorization = url.searchParams;
        const code = crypto.randomUUID();
        const redirectUri = url.searchParams.get("redirect_uri") ?? "";
        const challenge = url.searchParams.get("code_challenge") ?? "";
        const openid = (url.searchParams.get("scope") ?? "").split(" ").includes("openid");
        grants.set(code, { redirectUri, challenge, nonce: url.searchParams.get("nonce"), openid });
        const back = new URL(redirectUri);
        back.searchParams.set("code", code);
        const state = url.searchParams.get("state");
        if (state !== null) back.searchParams.set("state", state);
        back.searchParams.set("iss", fake.issuer);
        return res.writeHead(302, { location: back.href }).end();
      }
      case "/token":
        return token(req, res);
      case "/userinfo": {
        const bearer = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
        if (!issuedTokens.has(bearer)) return json(res, 401, { error: "invalid_token" });
        return json(res, 200, {
          sub: fake.behavior.userinfoSub ?? SUBJECT,
          picture: "https://example.com/ada.png",
        });
      }
      default:
        return json(res, 404, { error: "not_found" });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** RFC 6749 §2.3.1: both parts are form-urlencoded before base64. */
function basicCredentials(header: string | undefined): string[] {
  const encoded = header?.startsWith("Basic ") ? header.slice(6) : "";
  const decode = (part: string) => decodeURIComponent(part.replaceAll("+", " "));
  return Buffer.from(encoded, "base64").toString().split(":").map(decode);
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of req) body += String(chunk);
  return body;
}
