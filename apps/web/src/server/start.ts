import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { type GatehouseOptions, gatehouse } from "@gatehouse/core";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app.ts";
import { loadConfigFile } from "./config-file.ts";
import { devSecret } from "./dev-secret.ts";
import { type DemoCredentials, type DevSetup, startDevSetup } from "./dev-setup.ts";
import { loadSettings } from "./settings.ts";

export interface StartOptions {
  /** Usually `process.env`. */
  env: Record<string, string | undefined>;
  /** Where development state (the dev secret) lives. */
  dataDir: string;
  /** The built UI (`apps/web/dist`). */
  staticDir: string;
  /** The optional `gatehouse.config.ts`; ignored when the file does not exist. */
  configFile?: string;
  /** Overrides `PORT`; 0 picks a free port. */
  port?: number;
  /** Receives the start-up messages; default `console.log`. */
  log?: (line: string) => void;
}

/** A running web app. */
export interface WebApp {
  /** The public origin, e.g. `http://localhost:3000`. Cookies are per host: use this one. */
  url: string;
  /** The port the app listens on. */
  port: number;
  /** The development demo user, or null in production. */
  demo: DemoCredentials | null;
  /** Stops the app and, in development, the OpenID provider. */
  close(): Promise<void>;
}

/**
 * Starts the web app: settings from the environment, in development a kept secret, the bundled
 * OpenID provider and a demo user, then the HTTP server. Throws a `TypeError` that says what to
 * set when the configuration is wrong.
 *
 * @example const web = await startWebApp({ env: process.env, dataDir, staticDir, port: 0 });
 */
export async function startWebApp(options: StartOptions): Promise<WebApp> {
  const log = options.log ?? console.log;
  const settings = loadSettings(options.env, { dataDir: options.dataDir });
  const config = options.configFile ? await loadConfigFile(options.configFile) : {};
  const development = settings.mode === "development";
  const secret =
    development && settings.secrets.length === 0
      ? [await devSecret({ dataDir: settings.dataDir, log })]
      : settings.secrets;

  // Listen before building the auth config: with port 0 the URL (and so the provider's redirect
  // URI) is only known once bound. Requests in between get a 503.
  let handle: (request: Request) => Response | Promise<Response> = () =>
    new Response("Starting…", { status: 503 });
  const server = createServer(getRequestListener((request) => handle(request)));
  const port = await listen(server, options.port ?? settings.port, settings.host);
  const authUrl = settings.authUrl ?? `http://localhost:${port}/api/auth`;
  const url = new URL(authUrl).origin;

  let dev: DevSetup | null = null;
  try {
    if (development) dev = await startDevSetup({ authUrl, port: settings.devProviderPort, log });
    const { providers: configProviders = [], ...rest } = config;
    const auth = gatehouse({
      ...rest,
      secret,
      url: authUrl,
      trustHost: settings.trustHost,
      providers: [...settings.providers, ...(dev?.providers ?? []), ...configProviders],
    } satisfies GatehouseOptions);
    handle = createApp({ auth, staticDir: options.staticDir }).fetch;
  } catch (error) {
    await Promise.all([stop(server), dev?.close()]);
    throw error;
  }

  log(`${settings.mode} mode`);
  if (dev) {
    log(`development OpenID provider at ${dev.issuer} (its login form accepts any user name)`);
    log(`demo credentials: ${dev.demo.username} / ${dev.demo.password}`);
  }
  log(`Gatehouse web app on ${url}`);

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    demo: dev?.demo ?? null,
    close() {
      closing ??= Promise.all([stop(server), dev?.close()]).then(() => {});
      return closing;
    },
  };
}

async function listen(server: Server, port: number, host: string): Promise<number> {
  server.listen(port, host);
  try {
    await once(server, "listening");
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "EADDRINUSE") {
      throw new TypeError(
        `Gatehouse web app: port ${port} on ${host} is in use. Stop the other process or set PORT.`,
      );
    }
    throw error;
  }
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the web app is not on a TCP port");
  return address.port;
}

/** Closes without waiting for idle keep-alive connections (a browser holds some open). */
function stop(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
