import { randomBytes } from "node:crypto";
import { OIDC, type ProviderConfig } from "@gatehouse/core";
import { startDevProvider } from "@gatehouse/dev-provider";
import { devResourceApi } from "./dev-resource-api.ts";

/** What development mode adds to the app: a provider to sign in with, and how to stop it. */
export interface DevSetup {
  providers: ProviderConfig[];
  /** The development OpenID provider's issuer, e.g. `http://127.0.0.1:54321`. */
  issuer: string;
  /** The bearer API's defaults: tokens from this provider for `<origin>/api/resource`, introspected as the web client. */
  api: {
    audience: string;
    client: { clientId: string; clientSecret: string };
    introspection: { clientId: string; clientSecret: string };
  };
  close(): Promise<void>;
}

export const DEV_CLIENT_ID = "gatehouse-web";

/**
 * Development only: starts the bundled OpenID provider (any user name signs in), so a fresh
 * checkout can sign in offline with nothing configured. (The demo account is an ordinary password
 * account: see demo-account.ts.)
 *
 * @example const dev = await startDevSetup({ authUrl: "http://localhost:3000/api/auth", port: 0, log });
 */
export async function startDevSetup(options: {
  /** Public URL of the auth endpoint; the provider only redirects back below it. */
  authUrl: string;
  port: number;
  log: (line: string) => void;
}): Promise<DevSetup> {
  // Fresh per start: nothing to configure, nothing to leak between runs.
  const clientSecret = randomBytes(32).toString("base64url");
  const api = devResourceApi(options.authUrl);
  const provider = await startDevProvider({
    port: options.port,
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`${options.authUrl.replace(/\/$/, "")}/callback/dev`],
        // The device grant lets the CLI (apps/cli) sign in against the dev provider: RFC 8628.
        grant_types: ["authorization_code", "urn:ietf:params:oauth:grant-type:device_code"],
      },
      api.providerClient,
    ],
    features: { deviceFlow: { enabled: true }, ...api.features },
    logger: (line) => options.log(`dev provider: ${line}`),
  });
  return {
    issuer: provider.issuer,
    api: {
      audience: api.audience,
      client: api.client,
      introspection: { clientId: DEV_CLIENT_ID, clientSecret },
    },
    providers: [
      OIDC({
        id: "dev",
        name: "Development provider",
        issuer: provider.issuer,
        clientId: DEV_CLIENT_ID,
        clientSecret,
      }),
    ],
    close: () => provider.close(),
  };
}
