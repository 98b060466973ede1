// Bundles a page of the Auth.js client tests for the browser: the real next-auth client and React,
// everything inlined into one ES module (rolldown, as e2e/packaging/edge-bundle.ts does).
import { rolldown } from "rolldown";

/**
 * One ES module of `entry` (a `.tsx` file) for the browser. next-auth's client reads `process.env`
 * (NEXTAUTH_URL and friends) at load, as Next.js inlines it: each read is replaced here, unset, so the
 * client takes its default base path, `/api/auth`, relative to the page.
 */
export async function bundlePage(entry: string): Promise<string> {
  const warnings: string[] = [];
  const bundle = await rolldown({
    input: entry,
    platform: "browser",
    transform: {
      jsx: "react-jsx",
      define: {
        "process.env.NODE_ENV": JSON.stringify("production"),
        "process.env.NEXTAUTH_URL": "undefined",
        "process.env.NEXTAUTH_URL_INTERNAL": "undefined",
        "process.env.VERCEL_URL": "undefined",
      },
    },
    onLog: (level, log) => {
      if (level === "warn") warnings.push(log.message);
    },
  });
  try {
    const { output } = await bundle.generate({ format: "esm", codeSplitting: false });
    const [chunk] = output;
    if (chunk?.type !== "chunk") throw new Error("expected one chunk");
    if (/\bprocess\.env\b/.test(chunk.code)) throw new Error("the bundle still reads process.env");
    return chunk.code;
  } finally {
    await bundle.close();
  }
}
