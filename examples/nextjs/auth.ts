import { gatehouse, OIDC, optionsFromEnv } from "@gatehouse/core";

/**
 * The app's one Gatehouse: the route handlers, the pages and the proxy all use it. `AUTH_SECRET` and
 * `AUTH_URL` come from the environment (`.env.local`, see README.md); the provider is the
 * development OpenID provider that `npm run dev-provider` starts.
 */
export const auth = gatehouse({
  ...optionsFromEnv(process.env),
  providers: [
    OIDC({
      id: "dev",
      name: "Development provider",
      issuer: process.env.AUTH_DEV_ISSUER ?? "http://127.0.0.1:9000",
      clientId: process.env.AUTH_DEV_ID ?? "nextjs-example",
      clientSecret: process.env.AUTH_DEV_SECRET ?? "nextjs-example-secret",
    }),
  ],
});
