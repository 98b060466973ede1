// The packages as people install them (docs/packaging.md): every published package packed with
// `npm pack`, the tarballs installed into fresh apps outside the repository (no workspace links, no
// gatehouse-source condition) on Node 22 and Node 24, the shipped types checked, a sign-in run, and
// core's entry bundled for the browser platform and run in Chromium.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { launchChromium } from "../web-app.ts";
import {
  type ConsumerApp,
  consumerOn,
  installConsumer,
  type PackedPackage,
  packAll,
  registryGatehousePackages,
  root,
  run,
  templateProblems,
} from "./consumer-apps.ts";
import { bundleForEdge, NODE_IMPORT, REQUIRE_CALL, runInChromium } from "./edge-bundle.ts";
import { NODE_22, node22, node24 } from "./node-runtimes.ts";

/** The TypeScript 5 the shipped declarations are also checked with. */
const TYPESCRIPT_5 = "5.9.3";
/** Entries that need the DOM lib to type-check (browser code). */
const BROWSER_ONLY = new Set(["@gatehouse/react"]);

describe("published packages", () => {
  const temporary: string[] = [];
  let packed: PackedPackage[];
  let consumer: ConsumerApp;
  const apps = new Map<number, ConsumerApp>();

  before(() => {
    const tarballs = mkdtempSync(join(tmpdir(), "gatehouse-tarballs-"));
    temporary.push(tarballs);
    packed = packAll(tarballs);
    // npm runs on Node 22, the oldest Node the packages claim, so --engine-strict checks the claims.
    // TypeScript 5 (what most consumers run) type-checks beside the repository's 7.
    consumer = installConsumer(node22(), packed, { typescript: TYPESCRIPT_5 });
    temporary.push(consumer.dir);
    apps.set(22, consumer);
    apps.set(24, consumerOn(consumer.dir, node24()));
  });

  after(() => {
    for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
  });

  const app = (major: number): ConsumerApp => {
    const found = apps.get(major);
    if (!found) throw new Error(`no consumer app for Node ${major}`);
    return found;
  };

  it("packs dist, README.md and LICENSE (and a data package its data), and no sources or tests", () => {
    const names = packed.map((pkg) => pkg.name);
    for (const expected of ["core", "sql", "react", "smtp", "dev-provider", "cli"]) {
      assert.ok(names.includes(`@gatehouse/${expected}`), `@gatehouse/${expected} is packed`);
    }
    /** Data shipped as data, read at run time: the breached-password list. */
    const DATA: Record<string, string[]> = { "@gatehouse/common-passwords": ["data/passwords.txt"] };
    for (const pkg of packed) {
      for (const file of ["package.json", "README.md", "LICENSE", ...(DATA[pkg.name] ?? [])]) {
        assert.ok(pkg.files.includes(file), `${pkg.name} ships ${file}`);
      }
      const stray = pkg.files.filter(
        (file) =>
          !/^(package\.json|README\.md|LICENSE)$/.test(file) &&
          !/^dist\/.+\.(js|d\.ts)$/.test(file) &&
          !(DATA[pkg.name] ?? []).includes(file),
      );
      assert.deepEqual(stray, [], `${pkg.name} ships only dist/*.js, dist/*.d.ts, the docs and its data`);
      const tests = pkg.files.filter((file) => /\.test\.|\/test\/|test-utils/.test(file));
      assert.deepEqual(tests, [], `${pkg.name} ships no tests`);
    }
  });

  it("follows the template: one version, MIT, ESM, the source condition, build and prepack scripts", () => {
    const version = packed.find((pkg) => pkg.name === "@gatehouse/core")?.packageJson.version ?? "";
    assert.match(version, /^\d+\.\d+\.\d+$/);
    assert.deepEqual(
      packed.flatMap((pkg) => templateProblems(pkg.packageJson, version)),
      [],
    );
  });

  it("installs every @gatehouse package from the tarballs, never from the registry", () => {
    assert.deepEqual(registryGatehousePackages(consumer), []);
  });

  it("type-checks consumers against the shipped .d.ts (module nodenext, no skipLibCheck), with TypeScript 7 and 5", () => {
    // Every subpath's declarations, not only those the consumer happens to use; and the server
    // packages once more without the DOM lib, as a Node project (e.g. @tsconfig/node22) has it.
    const subpaths = packed.flatMap((pkg) => pkg.specifiers);
    writeFileSync(join(consumer.dir, "every-subpath.ts"), importEvery(subpaths));
    const server = subpaths.filter((specifier) => !BROWSER_ONLY.has(specifier));
    writeFileSync(join(consumer.dir, "every-server-subpath.ts"), importEvery(server));
    const tsc7 = join(root, "node_modules", ".bin", "tsc");
    const tsc5 = join(consumer.dir, "node_modules", "typescript", "bin", "tsc");
    assert.match(run(process.execPath, [tsc5, "--version"], { cwd: consumer.dir }), /^Version 5\./);
    for (const project of ["tsconfig.json", "tsconfig.server.json"]) {
      run(tsc7, ["-p", project], { cwd: consumer.dir });
    }
    run(process.execPath, [tsc5, "-p", "tsconfig.json"], { cwd: consumer.dir });
  });

  for (const major of [22, 24]) {
    describe(`on Node ${major}`, () => {
      it("imports every subpath export, from ES modules and with require()", () => {
        const subpaths = packed.flatMap((pkg) => pkg.specifiers);
        for (const script of [stripTypes(major, ["imports.ts"]), ["require.cjs"]]) {
          const counts = JSON.parse(app(major).node([...script, ...subpaths])) as Record<string, number>;
          assert.deepEqual(Object.keys(counts).sort(), [...subpaths].sort(), script.join(" "));
          // @gatehouse/core/adapter is types only; the entries with code export something.
          for (const entry of ["@gatehouse/core", "@gatehouse/sql", "@gatehouse/react", "@gatehouse/smtp"]) {
            assert.ok((counts[entry] ?? 0) > 0, `${entry} has named exports (${script.join(" ")})`);
          }
        }
      });

      it("reads the breached-password list from the installed package's data file", () => {
        const output = app(major).node(stripTypes(major, ["breached.ts"]));
        assert.deepEqual(JSON.parse(output), { size: 100_000, password1: true, passphrase: false });
      });

      it("signs in with credentials against a SQLite file, through auth.handler(Request)", () => {
        const output = app(major).node(
          stripTypes(major, ["sign-in.ts", join(consumer.dir, `sign-in-node${major}.db`)]),
        );
        const result = JSON.parse(output) as SignInReport;
        assert.equal(result.node, major === 22 ? `v${NODE_22}` : process.version);
        assert.ok(Number.isInteger(result.schemaVersion) && result.schemaVersion > 0);
        assert.deepEqual(result.csrf, { status: 200, tokenLength: 64 });
        assert.deepEqual(result.callback, { status: 302, location: "http://localhost:3000/home" });
        assert.equal(result.session.status, 200);
        assert.equal(result.session.user?.email, "grace@example.test");
        assert.equal(result.storedSessionUser, "grace@example.test");
      });

      it("runs the bins: gatehouse --help and gatehouse-migrate", () => {
        const bin = (name: string) => join(consumer.dir, "node_modules", ".bin", name);
        assert.match(app(major).node([bin("gatehouse"), "--help"]), /^Usage: gatehouse /);
        const migrated = app(major).node([
          bin("gatehouse-migrate"),
          "--url",
          `sqlite:${join(consumer.dir, `migrate-node${major}.db`)}`,
        ]);
        assert.match(migrated, /the schema is at version \d+/);
      });
    });
  }

  describe("on a Web-standard runtime (Chromium)", () => {
    it("bundles @gatehouse/core and /resource for the browser platform with no node: import and no require(", async () => {
      const core = join(consumer.dir, "node_modules", "@gatehouse", "core", "dist");
      for (const entry of ["index.js", "resource/index.js"]) {
        const bundle = await bundleForEdge(join(core, entry));
        assert.deepEqual(bundle.externalImports, [], `${entry}: everything inlined`);
        assert.doesNotMatch(bundle.code, NODE_IMPORT, `${entry}: no node: import`);
        assert.doesNotMatch(bundle.code, REQUIRE_CALL, `${entry}: no require(`);
      }
    });

    it("runs core's bundled handler in Chromium: GET providers and GET csrf", async () => {
      const core = join(consumer.dir, "node_modules", "@gatehouse", "core", "dist", "index.js");
      const { code } = await bundleForEdge(core);
      const browser = await launchChromium();
      try {
        const answers = await runInChromium(browser, code);
        assert.equal(answers.hasProcess, false, "Chromium has no process global");
        assert.equal(answers.providers.status, 200);
        assert.deepEqual(answers.providers.body, {
          credentials: {
            id: "credentials",
            name: "Credentials",
            type: "credentials",
            signinUrl: "https://app.example/api/auth/signin/credentials",
            callbackUrl: "https://app.example/api/auth/callback/credentials",
          },
        });
        assert.equal(answers.csrf.status, 200);
        assert.match(answers.csrf.contentType ?? "", /^application\/json/);
        assert.equal(answers.csrf.tokenLength, 64);
      } finally {
        await browser.close();
      }
    });
  });
});

/** What consumer/sign-in.ts prints. */
interface SignInReport {
  node: string;
  schemaVersion: number;
  csrf: { status: number; tokenLength: number };
  callback: { status: number; location: string | null };
  session: { status: number; user: { name?: string; email?: string } | null };
  storedSessionUser: string | null;
}

/** A module that imports every specifier as a namespace (so tsc loads every declaration file). */
function importEvery(specifiers: string[]): string {
  const lines = specifiers.map((specifier, i) => `import * as m${i} from "${specifier}";`);
  return `${lines.join("\n")}\nexport { ${specifiers.map((_, i) => `m${i}`).join(", ")} };\n`;
}

/** Node 22.16 runs a `.ts` file only with the flag (on by default from 22.18 and in 24). */
function stripTypes(major: number, args: string[]): string[] {
  return major === 22 ? ["--experimental-strip-types", "--no-warnings=ExperimentalWarning", ...args] : args;
}
