import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";

// Built once into dist/ and served by the Hono server (src/server/app.ts); no dev server needed.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react()],
  // The workspace packages resolve to their TypeScript source (docs/packaging.md), as under Node
  // and tsc; the default client conditions stay.
  resolve: { conditions: ["gatehouse-source", ...defaultClientConditions] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Every supported browser has modulepreload; the polyfill would only add code.
    modulePreload: { polyfill: false },
  },
});
