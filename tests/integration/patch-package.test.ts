import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { readPatches } from "../helpers/patches";
import { runDir } from "../helpers/run-dir";

// The project's postinstall, run for real on a copy of the patched packages in a temporary
// project (node_modules itself is never touched): the diffs turn pristine files into exactly the
// installed ones, and a diff that no longer applies, or a release it was not made for, makes the
// install exit non-zero.

const root = path.resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);
const postinstall = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.postinstall!;
const patches = readPatches(root);
const dir = path.join(runDir(), `patch-package-${process.pid}`);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A project holding the patches and a copy of each patched package's package.json and patched files. */
function makeProject(name: string): string {
  const project = path.join(dir, name);
  mkdirSync(project, { recursive: true });
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "patch-check", private: true }));
  cpSync(path.join(root, "patches"), path.join(project, "patches"), { recursive: true });
  for (const patch of patches) {
    for (const file of [`${patch.name}/package.json`, ...patch.files.map((f) => f.path)]) {
      const target = path.join(project, "node_modules", file);
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(require.resolve(file), target);
    }
  }
  return project;
}

/** Runs a command as npm runs a script on a developer's machine: the repository's node_modules/.bin on PATH, not CI and not NODE_ENV=test (either would make patch-package strict on its own). */
function sh(project: string, command: string) {
  const result = spawnSync("sh", ["-c", command], {
    cwd: project,
    encoding: "utf8",
    env: { NODE_ENV: "development", PATH: `${path.join(root, "node_modules/.bin")}:${process.env.PATH}`, HOME: process.env.HOME ?? project },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function read(project: string, file: string): string {
  return readFileSync(path.join(project, "node_modules", file), "utf8");
}

/** A project whose packages are pristine: the installed ones with the patches reversed. */
function pristineProject(name: string): string {
  const project = makeProject(name);
  const reversed = sh(project, "patch-package --reverse");
  expect(reversed.status, reversed.output).toBe(0);
  return project;
}

describe("postinstall (patch-package)", () => {
  it("turns the pristine packages into exactly the installed ones, and runs again without change", () => {
    const project = pristineProject("apply");
    for (const patch of patches) {
      for (const file of patch.files) {
        const pristine = read(project, file.path);
        expect(pristine).not.toContain("/* doll-boutique: route caches */");
        for (const after of file.after) expect(pristine).not.toContain(after);
      }
    }
    for (let run = 0; run < 2; run++) {
      const result = sh(project, postinstall);
      expect(result.status, result.output).toBe(0);
      for (const patch of patches) {
        for (const file of patch.files) expect(read(project, file.path), file.path).toBe(readFileSync(require.resolve(file.path), "utf8"));
      }
    }
  });

  it("exits non-zero and names the patch when a diff no longer applies", () => {
    const patch = patches.find((p) => p.name === "react-router-dom")!;
    // What a new release looks like to the diff: a line it changes is not there any more.
    const breakPatch = (project: string) => {
      const patchFile = path.join(project, "patches", patch.fileName);
      const text = readFileSync(patchFile, "utf8");
      expect(text).toContain("\n-  let manifest = {};\n");
      writeFileSync(patchFile, text.replace("\n-  let manifest = {};\n", "\n-  let manifest = Object.create(null);\n"));
      return project;
    };
    const project = breakPatch(pristineProject("broken"));

    const result = sh(project, postinstall);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(patch.fileName);
    expect(read(project, patch.files[0]!.path)).not.toContain("convertedRoutes");

    // Without the flag patch-package only warns and exits 0: the flag is what makes it loud.
    const lenient = sh(breakPatch(pristineProject("broken-lenient")), "patch-package");
    expect(lenient.status, lenient.output).toBe(0);
  });

  it("exits non-zero when the installed release is not the one a diff was made for, even if it applies", () => {
    const project = pristineProject("other-version");
    const patch = patches.find((p) => p.name === "@remix-run/router")!;
    const manifestFile = path.join(project, "node_modules", patch.name, "package.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as { version: string };
    const [major, minor, fix] = manifest.version.split(".").map(Number);
    const next = `${major}.${minor}.${fix! + 1}`;
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, version: next }));

    const result = sh(project, postinstall);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("version mismatch");
    expect(result.output).toContain(`${patch.name}@${next}`);
  });
});
