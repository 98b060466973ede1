import { once } from "node:events";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One scripted token endpoint answer: an RFC 8628 error (status 400) with extra fields. */
export interface TokenAnswer {
  error: string;
  [field: string]: unknown;
}

export interface FakeDeviceProvider {
  issuer: string;
  /** Paths of every request received, in order. */
  requests: string[];
  /** What the token endpoint answers next, one entry per poll; `authorization_pending` once empty. */
  tokenAnswers: TokenAnswer[];
  close(): Promise<void>;
}

/**
 * A plain OAuth 2 authorization server on 127.0.0.1 with a device authorization endpoint whose token
 * endpoint answers what the test scripts — what oidc-provider never does on its own (`slow_down`,
 * `expired_token`, its own `interval`).
 */
export async function startFakeDeviceProvider(
  options: { interval?: number } = {},
): Promise<FakeDeviceProvider> {
  const requests: string[] = [];
  const tokenAnswers: TokenAnswer[] = [];
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?", 1)[0] ?? "/";
    requests.push(path);
    req.resume();
    req.on("end", () => {
      if (path === "/.well-known/oauth-authorization-server") {
        return send(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          device_authorization_endpoint: `${issuer}/device/auth`,
          userinfo_endpoint: `${issuer}/me`,
        });
      }
      if (path === "/device/auth" && req.method === "POST") {
        return send(res, 200, {
          device_code: "provider-device-code",
          user_code: "WDJB-MJHT",
          verification_uri: `${issuer}/device`,
          expires_in: 600,
          ...(options.interval !== undefined ? { interval: options.interval } : {}),
        });
      }
      if (path === "/token" && req.method === "POST") {
        return send(res, 400, tokenAnswers.shift() ?? { error: "authorization_pending" });
      }
      send(res, 404, { error: "not_found" });
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    requests,
    tokenAnswers,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}
