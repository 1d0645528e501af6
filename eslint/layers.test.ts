import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import layers from './layers.js';

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
    expect(await layerErrors('pwa/src/hooks/useDemo.ts', code)).toEqual(['layers/pwa-folder-order']);
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
    // A static public page's boot loads no React Query either: the guest page's fill reading the config
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

  it('workspaces import each other one way: shared ← api, mocks, pwa (mocks and the API harness in PWA tests)', async () => {
    const fromApi = "import { endpoints } from '@shabaash/shared';\nexport const x = endpoints;\n";
    expect(await layerErrors('api/src/modules/demo/demo.service.ts', fromApi)).toEqual([]);
    const types = "import type { Tip } from '@shabaash/pwa';\nexport const x: Tip | null = null;\n";
    expect(await layerErrors('shared/src/demo.ts', types)).toEqual(['layers/workspace-imports']);
    expect(
      await layerErrors(
        'shared/src/demo.ts',
        "import { loadConfig } from '../../api/src/config.ts';\nexport const x = loadConfig;\n",
      ),
    ).toEqual(['layers/workspace-imports']);
    const mocks = "import { handlers } from '@shabaash/mocks';\nexport const x = handlers;\n";
    expect(await layerErrors('api/src/demo.ts', mocks)).toEqual(['layers/workspace-imports']);
    expect(await layerErrors('pwa/src/hooks/useDemo.ts', mocks)).toEqual(['layers/workspace-imports']);
    expect(await layerErrors('pwa/src/hooks/useDemo.test.ts', mocks)).toEqual([]);
    const harness = "import { freePort } from '../../api/src/ports.ts';\nexport const x = freePort;\n";
    expect(await layerErrors('pwa/src/demo.ts', harness)).toEqual(['layers/workspace-imports']);
    expect(await layerErrors('pwa/e2e/demo.e2e.ts', harness)).toEqual([]);
  });

  it('a workspace declares in its package.json each workspace it imports by name', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'));
    try {
      fs.mkdirSync(path.join(dir, 'src'));
      const manifest = (deps: Record<string, string>) =>
        fs.writeFileSync(
          path.join(dir, 'package.json'),
          JSON.stringify({ name: '@shabaash/api', dependencies: deps }),
        );
      manifest({});
      const lint = new ESLint({
        cwd: dir,
        overrideConfigFile: true,
        overrideConfig: {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser },
          plugins: { layers },
          rules: { 'layers/workspace-imports': 'error' },
        },
      });
      const code = "import { endpoints } from '@shabaash/shared';\nexport const x = endpoints;\n";
      const [bare] = await lint.lintText(code, { filePath: path.join(dir, 'src/demo.ts') });
      expect(bare?.messages.map((m) => m.message)).toEqual([
        expect.stringContaining('without declaring it: add "@shabaash/shared"'),
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // Each workspace of the repository declares what it imports.
    const [real] = await eslint.lintText(
      "import { endpoints } from '@shabaash/shared';\nexport const x = endpoints;\n",
      { filePath: 'mocks/src/demo.ts' },
    );
    expect(real?.messages.filter((m) => m.ruleId === 'layers/workspace-imports')).toEqual([]);
  });

  it('only server.ts imports api/src/realtime/ (services use deps.realtime; tests may start a hub)', async () => {
    const code =
      "import { createRealtime } from '../../realtime/hub.ts';\nexport const x = createRealtime;\n";
    expect(await layerErrors('api/src/modules/demo/demo.service.ts', code)).toEqual([
      'layers/realtime-importers',
    ]);
    const typeOnly =
      "import type { Realtime } from '../../realtime/hub.ts';\nexport const x: Realtime | null = null;\n";
    expect(await layerErrors('api/src/modules/demo/demo.service.ts', typeOnly)).toEqual([
      'layers/realtime-importers',
    ]);
    expect(await layerErrors('api/src/modules/demo/demo.test.ts', code)).toEqual([]);
    expect(await layerErrors('api/src/server.ts', code.replace('../../', './'))).toEqual([]);
    expect(await layerErrors('api/src/realtime/demo.ts', code.replace('../../realtime/', './'))).toEqual([]);
  });

  it('the realtime bus and AppDeps take domain records: no row type in realtime/ or deps.ts, no module below them', async () => {
    const rowType =
      "import type { TipChangeRow } from './modules/sync/changes.ts';\nexport type Tips = readonly TipChangeRow[];\n";
    // deps.ts importing the change reads' row type (as it once did): an import of modules/ from below them.
    expect(await layerErrors('api/src/deps.ts', rowType)).toEqual(['layers/records-above-repositories']);
    expect(
      await layerErrors(
        'api/src/realtime/demo.ts',
        "import type { TipRow } from '../modules/tips/tips.row.ts';\nexport type T = TipRow;\n",
      ),
    ).toEqual(['layers/records-above-repositories']);
    // domain/ sits below the modules too, even for a type.
    expect(
      await layerErrors(
        'api/src/domain/demo.ts',
        "import type { Tip } from '../modules/tips/tips.service.ts';\nexport type T = Tip;\n",
      ),
    ).toEqual(['layers/records-above-repositories']);
    const record =
      "import type { TipRecord } from './domain/tip.ts';\nexport type Tips = readonly TipRecord[];\n";
    expect(await layerErrors('api/src/deps.ts', record)).toEqual([]);
    // The hub may still read through the modules (the change reads), and a service may use rows' repositories.
    expect(
      await layerErrors(
        'api/src/realtime/demo.ts',
        "import { creatorChangesSince } from '../modules/sync/changes.ts';\nexport const x = creatorChangesSince;\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors('api/src/modules/demo/demo.service.ts', rowType.replace('./modules/', '../')),
    ).toEqual([]);
  });

  it('PWA folders import downwards: screens → components → hooks → auth, api, lib and the rest', async () => {
    const hook = "import { useAuth } from '../hooks/useAuth.ts';\nexport const x = useAuth;\n";
    expect(await layerErrors('pwa/src/auth/demo.ts', hook)).toEqual(['layers/pwa-folder-order']);
    const form =
      "import type { OtpFlow } from '../auth/useOtpFlow.ts';\nimport { AuthCard } from '../components/auth/AuthCard.tsx';\nexport const x: OtpFlow | typeof AuthCard | null = null;\n";
    expect(await layerErrors('pwa/src/hooks/useDemo.ts', form)).toEqual(['layers/pwa-folder-order']);
    expect(await layerErrors('pwa/src/components/Demo.tsx', hook)).toEqual([]);
    expect(await layerErrors('pwa/src/screens/Landing/Demo.tsx', hook.replace('../', '../../'))).toEqual([]);
  });

  it('PWA components and screens call the API only through hooks', async () => {
    const call = "import { api } from '../../api/client.ts';\nexport const x = () => api('config');\n";
    expect(await layerErrors('pwa/src/screens/Landing/Demo.tsx', call)).toEqual([
      'layers/api-calls-through-hooks',
    ]);
    expect(
      await layerErrors(
        'pwa/src/components/Demo.tsx',
        "import { downloadFile } from '../api/download.ts';\nexport const x = downloadFile;\n",
      ),
    ).toEqual(['layers/api-calls-through-hooks']);
    expect(
      await layerErrors('pwa/src/components/Demo.tsx', "export const x = () => fetch('/api/config');\n"),
    ).toEqual(['layers/api-calls-through-hooks']);
    // A screen's own hook may call it; so may pwa/src/hooks/; a component may format the client's errors.
    expect(await layerErrors('pwa/src/screens/Landing/useDemo.ts', call)).toEqual([]);
    expect(await layerErrors('pwa/src/hooks/useDemo.ts', call.replace('../../', '../'))).toEqual([]);
    expect(
      await layerErrors(
        'pwa/src/components/Demo.tsx',
        "import { serverMessage } from '../api/client.ts';\nexport const x = serverMessage;\n",
      ),
    ).toEqual([]);
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
    const results = await eslint.lintFiles(['api/src', 'pwa/src', 'mocks/src', 'shared/src']);
    const broken = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId?.startsWith('layers/') || m.ruleId?.startsWith('max-lines'))
        .map((m) => `${r.filePath}:${m.line} ${m.ruleId}`),
    );
    expect(broken).toEqual([]);
  });
});
