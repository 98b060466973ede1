// `npm run dev-provider`: the development OpenID provider for this example, with the example's client
// registered. Its login form signs in any user name. Not for production.
import { startDevProvider } from "@gatehouse/dev-provider";

const appUrl = process.env.APP_URL ?? "http://127.0.0.1:3000";
const provider = await startDevProvider({
  port: Number(process.env.DEV_PROVIDER_PORT ?? 9000),
  clients: [
    {
      client_id: process.env.AUTH_DEV_ID ?? "nextjs-example",
      client_secret: process.env.AUTH_DEV_SECRET ?? "nextjs-example-secret",
      redirect_uris: [`${appUrl}/api/auth/callback/dev`],
    },
  ],
  logger: (line) => console.error(line),
});
// One line the example's test reads; people read it too.
console.log(`AUTH_DEV_ISSUER=${provider.issuer}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void provider.close().then(() => process.exit(0)));
}
