import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { Credentials, OIDC, type ProviderConfig } from "@gatehouse/core";
import { startDevProvider } from "@gatehouse/dev-provider";
import { devResourceApi } from "./dev-resource-api.ts";

/** The demo user of the credentials provider; the password is new on every start. */
export interface DemoCredentials {
  username: string;
  password: string;
}

/** What development mode adds to the app: providers to sign in with, and how to stop them. */
export interface DevSetup {
  providers: ProviderConfig[];
  demo: DemoCredentials;
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
 * Development only: starts the bundled OpenID provider (any user name signs in) and a demo
 * credentials user, so a fresh checkout can sign in offline with nothing configured.
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
  const demo: DemoCredentials = { username: "demo", password: randomBytes(12).toString("base64url") };
  return {
    issuer: provider.issuer,
    api: {
      audience: api.audience,
      client: api.client,
      introspection: { clientId: DEV_CLIENT_ID, clientSecret },
    },
    demo,
    providers: [
      OIDC({
        id: "dev",
        name: "Development provider",
        issuer: provider.issuer,
        clientId: DEV_CLIENT_ID,
        clientSecret,
      }),
      demoCredentials(demo),
    ],
    close: () => provider.close(),
  };
}

/** A credentials provider that accepts exactly one user name and password. */
export function demoCredentials(demo: DemoCredentials): ProviderConfig {
  return Credentials({
    name: "Demo user",
    credentials: {
      username: { label: "User name", autocomplete: "username", required: true },
      password: { label: "Password", type: "password", autocomplete: "current-password", required: true },
    },
    authorize(credentials) {
      // Both fields are always compared (no early return) so timing says nothing about which was wrong.
      const userOk = sameSecret(credentials.username ?? "", demo.username);
      const passwordOk = sameSecret(credentials.password ?? "", demo.password);
      if (!userOk || !passwordOk) return null;
      return { id: "demo", name: "Demo User", email: "demo@example.test" };
    },
  });
}

// timingSafeEqual needs equal lengths; hashing first gives that without revealing the length.
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
