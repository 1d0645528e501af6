// Counts what a production install (`npm ci --omit=dev`) puts in node_modules on this platform: the packages of
// package-lock.json that are not development-only, and their size on disk here. Prints one line; exits 1 when the
// figures exceed scripts/prod-deps-budget.json. `--lock <file>` counts another lockfile against this node_modules.
import console from 'node:console';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockArg = process.argv.indexOf('--lock');
const lockFile = lockArg > 0 ? path.resolve(process.argv[lockArg + 1]) : path.join(root, 'package-lock.json');
const budget = JSON.parse(fs.readFileSync(path.join(root, 'scripts', 'prod-deps-budget.json'), 'utf8'));
const lock = JSON.parse(fs.readFileSync(lockFile, 'utf8'));

/** Bytes of the files of one package folder, leaving out its nested node_modules (counted as their own entries). */
function sizeOf(dir) {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) bytes += sizeOf(full);
    else if (entry.isFile()) bytes += fs.statSync(full).size;
  }
  return bytes;
}

let packages = 0;
let bytes = 0;
for (const [where, entry] of Object.entries(lock.packages)) {
  // The root, the workspaces' own folders and their links are the project, not dependencies.
  if (!where.includes('node_modules/') || entry.link || entry.dev) continue; // devOptional ones are optional dependencies of production packages too
  const dir = path.join(root, where);
  if (!fs.existsSync(dir)) continue; // an optional package for another platform
  packages += 1;
  bytes += sizeOf(dir);
}
const megabytes = Math.round(bytes / 1e6);
const over = packages > budget.packages || megabytes > budget.megabytes;
console.log(
  `Production dependencies: ${packages} packages, ${megabytes} MB on disk (budget ${budget.packages} packages, ${budget.megabytes} MB)${over ? ': OVER BUDGET' : ''}`,
);
if (over) process.exit(1);
