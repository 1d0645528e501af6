import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// Each layer rule of eslint.config.js, shown failing on a deliberate violation (in-memory files linted with the
// repository's own config) and passing on the allowed form next to it.
const eslint = new ESLint();

/** The layer rules that fire on `code` as if it were the file at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).flatMap((m) => (m.ruleId?.startsWith('layers/') ? [m.ruleId] : []));
}

describe('layer rules', () => {
  it('SQL only in repositories and migrations', async () => {
    const query =
      "import type { Executor } from '../../db/knex.ts';\nexport const f = (db: Executor) => db('users').select('id');\n";
    expect(await layerErrors('api/src/modules/demo/demo.service.ts', query)).toEqual([
      'layers/sql-only-in-repositories',
    ]);
    expect(await layerErrors('api/src/modules/demo/demo.repository.ts', query)).toEqual([]);
    const raw = "export const g = (deps: { db: { raw(s: string): unknown } }) => deps.db.raw('select 1');\n";
    expect(await layerErrors('api/src/realtime/demo.ts', raw)).toEqual(['layers/sql-only-in-repositories']);
    expect(
      await layerErrors(
        'api/src/realtime/demo.ts',
        "import pg from 'pg';\nexport const c = new pg.Client();\n",
      ),
    ).toEqual(['layers/sql-only-in-repositories']);
  });

  it('api/src/http/ never imports modules/', async () => {
    const code =
      "import { issueSession } from '../modules/sessions/sessions.service.ts';\nexport const x = issueSession;\n";
    expect(await layerErrors('api/src/http/demo.ts', code)).toEqual(['layers/http-never-imports-modules']);
    expect(
      await layerErrors('api/src/modules/demo/demo.routes.ts', code.replace('../modules/', '../')),
    ).toEqual([]);
  });

  it('PWA hooks never import screens', async () => {
    const code =
      "import { LandingScreen } from '../screens/Landing/LandingScreen.tsx';\nexport const x = LandingScreen;\n";
    expect(await layerErrors('pwa/src/hooks/useDemo.ts', code)).toEqual([
      'layers/hooks-never-import-screens',
    ]);
    expect(
      await layerErrors(
        'pwa/src/hooks/useDemo.ts',
        "import { copyText } from '../lib/clipboard.ts';\nexport const x = copyText;\n",
      ),
    ).toEqual([]);
  });

  it("no screen imports another screen's files", async () => {
    const code =
      "import { CreatorScreen } from '../Creator/CreatorScreen.tsx';\nexport const x = CreatorScreen;\n";
    expect(await layerErrors('pwa/src/screens/Landing/demo.ts', code)).toEqual(['layers/screens-own-files']);
    const own = "import { LeadForm } from './LeadForm.tsx';\nexport const x = LeadForm;\n";
    expect(await layerErrors('pwa/src/screens/Landing/demo.ts', own)).toEqual([]);
  });

  it('the overlay and widget entries import nothing that pulls in React or zod, however indirectly', async () => {
    const file = 'pwa/src/overlay/demo.ts';
    expect(await layerErrors(file, "import { z } from 'zod';\nexport const s = z.string();\n")).toEqual([
      'layers/small-bundle-imports',
    ]);
    expect(
      await layerErrors(
        'pwa/src/widgets/demo/main.ts',
        "import { useState } from 'react';\nexport const x = useState;\n",
      ),
    ).toEqual(['layers/small-bundle-imports']);
    // The PWA's API client imports the @shabaash/shared barrel, which brings zod.
    expect(
      await layerErrors(file, "import { api } from '../api/client.ts';\nexport const x = api;\n"),
    ).toEqual(['layers/small-bundle-imports']);
    const allowed =
      "import type { Tip } from '@shabaash/shared';\nimport { OVERLAY_DEFAULTS } from '@shabaash/shared/core';\nexport const x: Tip | typeof OVERLAY_DEFAULTS | null = null;\n";
    expect(await layerErrors(file, allowed)).toEqual([]);
    // A static public page's boot (issue 16) loads no React Query either: the guest page's fill reading the config
    // through its hook would put React into every static page.
    expect(
      await layerErrors(
        'pwa/src/screens/GuestTip/staticGuestTip.ts',
        "import { useConfig } from '../../api/useConfig.ts';\nexport const x = useConfig;\n",
      ),
    ).toEqual(['layers/small-bundle-imports']);
    expect(
      await layerErrors(
        'pwa/src/staticPage.ts',
        "import { QueryClient } from '@tanstack/react-query';\nexport const x = QueryClient;\n",
      ),
    ).toEqual(['layers/small-bundle-imports']);
  });

  it('a source file over 400 lines or a function over 150 fails; a test file is exempt', async () => {
    const sizeErrors = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath });
      return (result?.messages ?? []).flatMap((m) => (m.ruleId?.startsWith('max-lines') ? [m.ruleId] : []));
    };
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const fn = (n: number) => `export function f(): number {\n${body(n)}\n  return v0;\n}\n`;
    expect(await sizeErrors('api/src/modules/demo/demo.service.ts', fn(150))).toEqual([
      'max-lines-per-function',
    ]);
    expect(await sizeErrors('api/src/modules/demo/demo.service.ts', fn(140))).toEqual([]);
    const long = `${fn(120)}${fn(120).replace('f()', 'g()')}${fn(120).replace('f()', 'h()')}${fn(120).replace('f()', 'k()')}`;
    expect(await sizeErrors('pwa/src/lib/demo.ts', long)).toEqual(['max-lines']);
    expect(await sizeErrors('pwa/src/lib/demo.test.ts', long + fn(200))).toEqual([]);
  });

  it('the tree as it stands breaks none of them', async () => {
    const results = await eslint.lintFiles(['api/src', 'pwa/src']);
    const broken = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId?.startsWith('layers/') || m.ruleId?.startsWith('max-lines'))
        .map((m) => `${r.filePath}:${m.line} ${m.ruleId}`),
    );
    expect(broken).toEqual([]);
  });
});
