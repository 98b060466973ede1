// What Next's server loads before anything else: it puts AsyncLocalStorage on globalThis, where
// Next's request stores (behind `next/headers`) look for it when they are first loaded. A test file
// imports this first, before any module that imports Next.
import { createRequire } from "node:module";

createRequire(import.meta.url)("next/dist/server/node-environment-baseline.js");
