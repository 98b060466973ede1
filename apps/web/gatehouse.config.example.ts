// Example of the optional typed config file. Copy it to `gatehouse.config.ts` (next to this file)
// and `npm start` loads it. Secrets and URLs stay in the environment (AUTH_SECRET, AUTH_URL, …).
import { OIDC } from "@gatehouse/core";
import { defineConfig } from "./src/server/define-config.ts";

export default defineConfig({
  // The look of the built-in sign-in, sign-out and error pages.
  theme: { colorScheme: "auto", brandColor: "#3451d1", buttonText: "#ffffff" },

  // Added to the providers from the environment (and, in development, the bundled ones). An OIDC
  // provider whose client secret comes from AUTH_ACME_SECRET rather than from this file:
  providers: process.env.AUTH_ACME_SECRET
    ? [
        OIDC({
          id: "acme",
          name: "Acme SSO",
          issuer: "https://sso.acme.example",
          clientId: "gatehouse-web",
          clientSecret: process.env.AUTH_ACME_SECRET,
        }),
      ]
    : [],

  callbacks: {
    // Only people from one domain may sign in (the demo account is let through for development).
    signIn: ({ user }) =>
      user.email === "demo@example.test" || (user.email?.endsWith("@acme.example") ?? false),
  },

  session: { maxAge: 7 * 24 * 60 * 60 },

  // The admin console (/admin): these addresses are administrators once verified, besides
  // AUTH_ADMIN_EMAILS; `roles` are what an administrator may assign (`admin` is always one).
  // admin: { bootstrapEmails: ["ops@acme.example"], roles: ["admin", "support"] },

  // Languages of the built-in pages, the mails and the consoles. Offer fewer than the six built in,
  // force one for everyone (the consoles then show no language picker), or decide per request.
  // i18n: { locales: ["en", "de"], defaultLocale: "en" },
  // i18n: { locale: "de" },
  // i18n: { detectLocale: (request) => new URL(request.url).hostname.endsWith(".de") ? "de" : undefined },

  // Behind a reverse proxy every request comes from the proxy's address: say how many proxies (or
  // their CIDR blocks), or the per-address rate limits count all clients as one. Never without a
  // proxy: X-Forwarded-For would then be whatever the client says.
  // rateLimit: { trustedProxies: 1 },
});
