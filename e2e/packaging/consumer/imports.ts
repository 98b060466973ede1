/**
 * Imports each specifier given on the command line (`node imports.ts @gatehouse/core …`) from the
 * installed packages and prints, as one JSON line, how many named exports each one has.
 */
const counts: Record<string, number> = {};
for (const specifier of process.argv.slice(2)) {
  const namespace = (await import(specifier)) as Record<string, unknown>;
  counts[specifier] = Object.keys(namespace).length;
}
console.log(JSON.stringify(counts));
