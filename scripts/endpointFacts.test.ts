import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findRepeats } from './endpointFacts.ts';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

/** A scratch tree with one source file at `file`. */
function treeWith(file: string, text: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'endpoint-facts-'));
  roots.push(root);
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
  return root;
}

describe('the endpoint facts check', () => {
  it('finds nothing written twice in the repository', () => {
    expect(findRepeats()).toEqual([]);
  });

  it("names a source file that writes an endpoint's path again, with its line", () => {
    const root = treeWith(
      'pwa/src/balance.ts',
      "export const load = () =>\n  fetch('/api/wallet/balance');\n",
    );
    expect(findRepeats(root)).toEqual([
      { name: 'balance', path: '/wallet/balance', file: 'pwa/src/balance.ts', line: 2 },
    ]);
  });

  it('sees a path with parameters written as a template, and leaves tests and the PWA’s own page paths alone', () => {
    const root = treeWith('api/src/chat.ts', 'export const url = (id: string) => `/creator/chats/${id}`;\n');
    expect(findRepeats(root).map((r) => r.name)).toEqual(['deleteChat']);
    expect(findRepeats(treeWith('api/src/chat.test.ts', "fetch('/api/wallet/balance');\n"))).toEqual([]);
    expect(findRepeats(treeWith('pwa/src/App.tsx', "<Route path='/creator/payouts' />\n"))).toEqual([]);
  });
});
