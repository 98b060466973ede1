import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import * as oauth from "oauth4webapi";

/** How the fake misbehaves; tests change it between steps. */
export interface FakeBehavior {
  /** `wrong-issuer`: the document names another issuer; `huge`: a 2 MiB body with no Content-Length. */
  discovery: "ok" | "hang" | "html" | "500" | "redirect" | "huge" | "wrong-issuer";
  token: "ok" | "hang" | "html" | "500" | "redirect" | "huge";
  /** `down`: 503; `unusable-extras`: the good key among an `enc` key, an unknown `kty` and non-objects. */
  jwks: "ok" | "hang" | "down" | "unusable-extras";
  /** Signs the ID token with the published key, an unpublished key (same `kid`), or `alg: none`. */
  idTokenKey: "published" | "other" | "none";
  /** The key that signs and is published: switching to `k2` rotates `k1` out of the key set. */
  signingKey: "k1" | "k2";
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
  const signing = { k1: await generateKeyPair("RS256"), k2: await generateKeyPair("RS256") };
  const other = await generateKeyPair("RS256");
  const jwks = {
    k1: { ...(await exportJWK(signing.k1.publicKey)), kid: "k1", alg: "RS256", use: "sig" },
    k2: { ...(await exportJWK(signing.k2.publicKey)), kid: "k2", alg: "RS256", use: "sig" },
  };
  const encryptionKey = { ...(await exportJWK(other.publicKey)), kid: "enc-1", alg: "RSA-OAEP", use: "enc" };
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
      signingKey: "k1",
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
    const kid = fake.behavior.signingKey;
    const key = fake.behavior.idTokenKey === "published" ? signing[kid].privateKey : other.privateKey;
    return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid }).sign(key);
  };

  const token = async (req: IncomingMessage, res: ServerResponse) => {
    const mode = fake.behavior.token;
    if (mode === "hang") return; // never answers
    if (mode === "html") return res.writeHead(200, { "content-type": "text/html" }).end("<html>hi</html>");
    if (mode === "500") return json(res, 500, { message: "boom" });
    if (mode === "redirect") return res.writeHead(302, { location: `${fake.issuer}/elsewhere` }).end();
    if (mode === "huge") return hugeJson(res);
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
      case "/.well-known/openid-configuration": {
        const mode = fake.behavior.discovery;
        if (mode === "hang") return;
        if (mode === "html")
          return res.writeHead(200, { "content-type": "text/html" }).end("<html>hi</html>");
        if (mode === "500") return json(res, 500, { message: "boom" });
        if (mode === "redirect") return res.writeHead(302, { location: `${fake.issuer}/elsewhere` }).end();
        if (mode === "huge") return hugeJson(res);
        return json(res, 200, {
          issuer: mode === "wrong-issuer" ? "https://evil.example" : fake.issuer,
          authorization_endpoint: `${fake.issuer}/authorize`,
          token_endpoint: `${fake.issuer}/token`,
          userinfo_endpoint: `${fake.issuer}/userinfo`,
          jwks_uri: `${fake.issuer}/jwks`,
          id_token_signing_alg_values_supported: fake.behavior.signingAlgs,
          authorization_response_iss_parameter_supported: fake.behavior.issParameter,
          code_challenge_methods_supported: ["S256"],
        });
      }
      case "/jwks": {
        const mode = fake.behavior.jwks;
        if (mode === "hang") return;
        if (mode === "down") return json(res, 503, { message: "down" });
        const current = jwks[fake.behavior.signingKey];
        if (mode === "ok") return json(res, 200, { keys: [current] });
        const unusable = [encryptionKey, { kty: "XYZ", kid: "strange" }, "junk", null, 42];
        return json(res, 200, { keys: [...unusable, current] });
      }
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

/** 2 MiB of JSON sent in chunks with no Content-Length, so only reading it shows its size. */
async function hugeJson(res: ServerResponse): Promise<void> {
  res.writeHead(200, { "content-type": "application/json" });
  const chunk = `"${"x".repeat(64 * 1024 - 3)}",`;
  res.write('{"padding":[');
  for (let i = 0; i < 32 && !res.destroyed; i++) {
    if (!res.write(chunk)) {
      // A client that gave up closes the connection instead of draining it.
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off("drain", done).off("close", done);
          resolve();
        };
        res.on("drain", done).on("close", done);
      });
    }
  }
  res.end('""]}');
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
