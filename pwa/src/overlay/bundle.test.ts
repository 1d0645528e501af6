import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const OVERLAY_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
const IMPORT_RE = /^\s*import\s+(type\s+)?[^;]*?from\s+['"]([^'"]+)['"]/gm;

/** Every source file the overlay entry reaches through relative value imports, with its package imports. */
function overlayGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const packages: string[] = [];
    graph.set(file, packages);
    for (const [, typeOnly, spec] of fs.readFileSync(file, 'utf8').matchAll(IMPORT_RE)) {
      if (typeOnly || !spec) continue;
      if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec));
      else packages.push(spec);
    }
  };
  visit(OVERLAY_ENTRY);
  return graph;
}

describe('the OBS overlay bundle', () => {
  it('never value-imports the @shabaash/shared barrel (zod would come along and trip the CSP with its eval probe)', () => {
    const offenders = [...overlayGraph()]
      .filter(([, packages]) => packages.includes('@shabaash/shared') || packages.includes('zod'))
      .map(([file]) => path.relative(process.cwd(), file));
    expect(offenders).toEqual([]);
  });
});
