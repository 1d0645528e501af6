// Runs before `npm start`. Where the TypeScript compiler is installed (a development install) it brings the compiled
// API up to date (incremental: a second or two when nothing changed). Where it is not (a production install with
// `npm ci --omit=dev`) the compiled API must have been built and copied here: if it is missing, one line says so.
import console from 'node:console';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'api', 'dist', 'api', 'src', 'main.js');

let tsc = null;
try {
  tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch {
  // a production install: no compiler
}
if (tsc) {
  const result = spawnSync(process.execPath, [tsc, '-b', 'api/tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('Start-up failed: compiled API: `tsc -b api/tsconfig.build.json` failed (see above).');
    process.exit(1);
  }
} else if (!fs.existsSync(entry)) {
  console.error(
    'Start-up failed: compiled API: api/dist is missing. Run `npm ci && npm run build` where the development dependencies are installed and copy api/dist, shared/dist and pwa/dist here (docs/OPERATIONS.md, "Production install").',
  );
  process.exit(1);
}
