// Lists every endpoint whose method, path or auth is written outside the endpoint table (shared/src/endpoints*.ts
// and the rows it spreads from shared/src/timer.ts and widgets.ts), and exits 1 when the list is not empty.
// It looks for the path as a string literal (with or without /api, `:param` segments as `${…}`) in the source of
// api/src, pwa/src, mocks/src and shared/src. Tests are left out: they call endpoints by their URL on purpose.
// Run: npm run check:endpoints
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENDPOINTS } from '../shared/src/endpoints.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCANNED = ['api/src', 'pwa/src', 'mocks/src', 'shared/src'];
/** The table itself. */
export const TABLE_FILES = [
  /^shared\/src\/endpoints\w*\.ts$/,
  /^shared\/src\/timer\.ts$/,
  /^shared\/src\/widgets\.ts$/,
];
const SKIPPED = [/\.test\.tsx?$/, /\/e2e\//, /\/simulator\//];

export interface Repeat {
  name: string;
  path: string;
  file: string;
  line: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A literal that spells this path: a quote or backtick, optional /api, the path, then its end or a query. */
function pathPattern(endpointPath: string, api: 'required' | 'optional'): RegExp {
  const body = endpointPath
    .split(/(:[a-zA-Z]+)/)
    .map((part) => (part.startsWith(':') ? `(?:\\$\\{[^}]+\\}|${escape(part)})` : escape(part)))
    .join('');
  return new RegExp(`['"\`](?:/api)${api === 'optional' ? '?' : ''}${body}(?:['"\`?]|\\$\\{)`);
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const full = path.join(entry.parentPath, entry.name);
    return entry.isFile() && /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every place under `root`'s scanned folders that writes an endpoint's path outside the table. */
export function findRepeats(root: string = ROOT, scanned: readonly string[] = SCANNED): Repeat[] {
  // The PWA's own pages share some paths with the API (/creator/payouts): there only `/api…` literals count.
  const patterns = (api: 'required' | 'optional') =>
    Object.entries(ENDPOINTS).map(([name, row]) => ({
      name,
      path: row.path,
      re: pathPattern(row.path, api),
    }));
  const byScope = { required: patterns('required'), optional: patterns('optional') };
  const repeats: Repeat[] = [];
  for (const dir of scanned) {
    for (const full of sourceFiles(path.join(root, dir))) {
      const file = path.relative(root, full).split(path.sep).join('/');
      if (TABLE_FILES.some((re) => re.test(file)) || SKIPPED.some((re) => re.test(file))) continue;
      const scoped = byScope[file.startsWith('pwa/') ? 'required' : 'optional'];
      fs.readFileSync(full, 'utf8')
        .split('\n')
        .forEach((text, index) => {
          if (/^\s*(\/\/|\*|\/\*)/.test(text)) return; // a comment
          for (const { name, path: endpointPath, re } of scoped)
            if (re.test(text)) repeats.push({ name, path: endpointPath, file, line: index + 1 });
        });
    }
  }
  return repeats;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const repeats = findRepeats();
  for (const r of repeats)
    console.log(`${r.file}:${r.line}  ${r.name} (${r.path}) is written outside the endpoint table`);
  if (repeats.length > 0) {
    console.log(
      `${repeats.length} place(s): build the URL from the table (apiUrl, endpointPath, ENDPOINTS) instead.`,
    );
    process.exit(1);
  }
  console.log(
    `Every endpoint's method, path and auth is written once (${Object.keys(ENDPOINTS).length} endpoints).`,
  );
}
