/**
 * Writes docs/errors.md from the error catalogue. Run after changing
 * packages/core/src/errors/catalogue.ts:
 *
 *   node scripts/generate-error-docs.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { renderErrorDocs } from "../packages/core/src/errors/error-docs.ts";

const root = join(import.meta.dirname, "..");
const target = join(root, "docs", "errors.md");
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, renderErrorDocs());
console.log(`Wrote ${relative(root, target)}`);
