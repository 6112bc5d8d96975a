import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * npm runs a dependency's install scripts only when package.json's `allowScripts` approves the
 * package (advisory in npm 11, enforced from npm 12): an unapproved native module would install
 * without its binary and fail at run time. Every installed package with an install script must be
 * approved, so the day npm starts blocking, the shop still installs.
 */
const root = path.resolve(import.meta.dirname, "../../..");
const LIFECYCLE = ["preinstall", "install", "postinstall"] as const;

function packagesWithInstallScripts(dir: string, found = new Set<string>()): Set<string> {
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
    if (entry.name.startsWith(".")) continue;
    const at = path.join(dir, entry.name);
    if (entry.name.startsWith("@")) {
      packagesWithInstallScripts(at, found);
      continue;
    }
    const manifest = path.join(at, "package.json");
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; scripts?: Record<string, string>; gypfile?: boolean };
      const scripts = pkg.scripts ?? {};
      // npm runs `node-gyp rebuild` for a package with a binding.gyp and no install script of its own.
      const implicitGyp = !scripts.install && !scripts.preinstall && existsSync(path.join(at, "binding.gyp")) && pkg.gypfile !== false;
      if (pkg.name && (LIFECYCLE.some((s) => scripts[s]) || implicitGyp)) found.add(pkg.name);
    }
    packagesWithInstallScripts(path.join(at, "node_modules"), found);
  }
  return found;
}

describe("install scripts", () => {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { allowScripts?: Record<string, boolean | string> };

  it("names better-sqlite3, sharp and esbuild, the packages that build or fetch their binaries at install", () => {
    expect(pkg.allowScripts).toEqual({ "better-sqlite3": true, sharp: true, esbuild: true });
  });

  it("approves every installed package that has an install script", () => {
    const needing = [...packagesWithInstallScripts(path.join(root, "node_modules"))].sort();
    expect(needing).toContain("better-sqlite3");
    const unapproved = needing.filter((name) => pkg.allowScripts?.[name] !== true);
    expect(unapproved).toEqual([]);
  });

  // Pinned keys (`sharp@0.34.5`) are matched against the lockfile's download URL, which these
  // machines leave out (omit-lockfile-registry-resolved): npm would refuse them. The versions are
  // pinned here instead, against the lockfile's integrity hashes: docs/decisions/install-scripts.md.
  it("runs install scripts only of the versions reviewed: a new version fails here until it is reviewed", () => {
    const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
      packages: Record<string, { version?: string; integrity?: string; hasInstallScript?: boolean }>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([at, entry]) => at !== "" && entry.hasInstallScript)
      .map(([at, entry]) => {
        expect(entry.integrity, at).toMatch(/^sha512-/);
        return `${at.slice(at.lastIndexOf("node_modules/") + "node_modules/".length)}@${entry.version}`;
      })
      .sort();
    expect(withScripts).toEqual(REVIEWED_INSTALL_SCRIPTS);
  });
});

/** The versions whose install scripts were read: each builds or fetches its own binary, nothing else. */
const REVIEWED_INSTALL_SCRIPTS = ["better-sqlite3@12.11.1", "esbuild@0.17.6", "esbuild@0.21.5", "esbuild@0.28.2", "sharp@0.34.5"];
