/**
 * The edge proof: an installed package entry bundled for a platform that is not Node (rolldown,
 * platform "browser", everything inlined), and that bundle run in headless Chromium, which has
 * Web APIs only — no `process`, no `node:` modules, no `require`.
 */
import type { Browser } from "playwright-core";
import { rolldown } from "rolldown";

export interface EdgeBundle {
  code: string;
  /** Imports rolldown left in the bundle (none when everything was inlined). */
  externalImports: string[];
}

/** Bundles `entry` (an installed `dist/….js`) into one ES module for the browser platform. */
export async function bundleForEdge(entry: string): Promise<EdgeBundle> {
  const warnings: string[] = [];
  const bundle = await rolldown({
    input: entry,
    platform: "browser",
    onLog: (level, log) => {
      if (level === "warn") warnings.push(log.message);
    },
  });
  try {
    // One file, as an edge function is deployed: the lazily imported breached-password list (the
    // Password provider's) is inlined rather than split into a chunk of its own.
    const { output } = await bundle.generate({ format: "esm", codeSplitting: false });
    const [chunk, ...rest] = output;
    if (chunk?.type !== "chunk" || rest.some((item) => item.type === "chunk")) {
      throw new Error("expected exactly one chunk");
    }
    if (warnings.length > 0) throw new Error(`rolldown warned:\n${warnings.join("\n")}`);
    // An inlined dynamic import is listed as one of the chunk itself: not an external import.
    const dynamic = chunk.dynamicImports.filter((name) => name !== chunk.fileName);
    return { code: chunk.code, externalImports: [...chunk.imports, ...dynamic] };
  } finally {
    await bundle.close();
  }
}

/** `import … from "node:x"`, `import("node:x")`, `export … from "node:x"`: a Node built-in imported. */
export const NODE_IMPORT = /\b(?:import|export)\b[^;"'`]*?["']node:|\bimport\s*\(\s*["']node:/;
/** CommonJS `require(`, which no Web runtime has. */
export const REQUIRE_CALL = /\brequire\s*\(/;

export interface EdgeAnswers {
  providers: { status: number; body: unknown };
  csrf: { status: number; contentType: string | null; tokenLength: number };
  hasProcess: boolean;
}

/**
 * Loads the bundle as a module into a page of its own origin (served by Playwright's router, so
 * nothing listens and nothing leaves the machine; `localhost` keeps it a secure context, which Web
 * Crypto needs), configures Gatehouse with a credentials provider, and asks its handler for
 * `GET /api/auth/providers` and `GET /api/auth/csrf` with `Request` objects.
 */
export async function runInChromium(browser: Browser, code: string): Promise<EdgeAnswers> {
  const context = await browser.newContext();
  try {
    const origin = "http://localhost:9";
    await context.route(`${origin}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === "/core.js") return route.fulfill({ contentType: "text/javascript", body: code });
      return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>edge</title>" });
    });
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    return await page.evaluate(async () => {
      const specifier = "/core.js";
      const core = (await import(specifier)) as typeof import("@gatehouse/core");
      const auth = core.gatehouse({
        secret: "an-edge-test-secret-of-at-least-32-characters",
        url: "https://app.example/api/auth",
        providers: [core.Credentials({ credentials: { username: {} }, authorize: () => null })],
      });
      const providers = await auth.handler(new Request("https://app.example/api/auth/providers"));
      const csrf = await auth.handler(new Request("https://app.example/api/auth/csrf"));
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      return {
        providers: { status: providers.status, body: await providers.json() },
        csrf: {
          status: csrf.status,
          contentType: csrf.headers.get("content-type"),
          tokenLength: csrfToken.length,
        },
        hasProcess: "process" in globalThis,
      };
    });
  } finally {
    await context.close();
  }
}
