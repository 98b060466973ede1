// Requires each specifier given on the command line from CommonJS (`require()` of an ES module,
// Node 22.12 and later) and prints, as one JSON line, how many named exports each one has.
const counts = {};
for (const specifier of process.argv.slice(2)) counts[specifier] = Object.keys(require(specifier)).length;
console.log(JSON.stringify(counts));
