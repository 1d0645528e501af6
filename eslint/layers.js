// Layer rules of the architecture (docs/ARCHITECTURE.md "Layers"), as a local ESLint plugin so that each rule has
// its own name and message and the rules do not override one another. eslint/layers.test.ts shows each one
// failing on a deliberate violation.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const rel = (file) => path.relative(ROOT, file).split(path.sep).join('/');

/**
 * Every module specifier a file names at run time (type-only imports and exports are erased, so skipped), or
 * every one it names at all with `{ types: true }` (a type import still ties the two files together).
 */
function importVisitors(check, { types = false } = {}) {
  const visit = (node, source, typeOnly) => {
    if (!source || typeof source.value !== 'string' || (typeOnly && !types)) return;
    check(node, source.value);
  };
  return {
    ImportDeclaration: (node) =>
      visit(
        node,
        node.source,
        node.importKind === 'type' ||
          (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type')),
      ),
    ExportNamedDeclaration: (node) => visit(node, node.source, node.exportKind === 'type'),
    ExportAllDeclaration: (node) => visit(node, node.source, node.exportKind === 'type'),
    ImportExpression: (node) => visit(node, node.source, false),
  };
}

/** The repository-relative path a relative specifier points at, or the specifier itself for a package. */
function target(filename, spec) {
  return spec.startsWith('.') ? rel(path.resolve(path.dirname(filename), spec)) : spec;
}

/**
 * A rule that reports imports whose target matches `forbidden(target, file, node)` (a message, or null when
 * allowed); `options.types` checks type-only imports too.
 */
function importRule(description, forbidden, options) {
  return {
    meta: { type: 'problem', docs: { description }, schema: [], messages: { layer: '{{message}}' } },
    create(context) {
      const file = rel(context.filename);
      return importVisitors((node, spec) => {
        const message = forbidden(target(context.filename, spec), file, node);
        if (message) context.report({ node, messageId: 'layer', data: { message } });
      }, options);
    },
  };
}

const SQL_MESSAGE =
  'SQL lives in repositories (*.repository.ts) and migrations only: move this query into the module repository.';

/** Query builder calls (`db('t')`, `tx('t')`, `deps.db('t')`), raw SQL (`x.raw(...)`) and the knex/pg drivers. */
const sqlOnlyInRepositories = {
  meta: { type: 'problem', docs: { description: SQL_MESSAGE }, schema: [], messages: { sql: SQL_MESSAGE } },
  create(context) {
    const report = (node) => context.report({ node, messageId: 'sql' });
    const builder = /^(db|tx|trx|knex|executor)$/;
    return {
      ...importVisitors((node, spec) => {
        if (spec === 'knex' || spec === 'pg') report(node);
      }),
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'Identifier' && builder.test(callee.name)) return report(node);
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (callee.property.name === 'raw' || builder.test(callee.property.name)) report(node);
      },
    };
  },
};

const httpNeverImportsModules = importRule(
  'api/src/http/ is the framework layer: it never imports a module (modules import http, not the reverse).',
  (to) =>
    to.startsWith('api/src/modules/')
      ? 'api/src/http/ never imports api/src/modules/: pass what it needs in from app.ts (see SessionReader).'
      : null,
);

const screensOwnFiles = importRule("A screen never imports another screen's files.", (to, file) => {
  const mine = /^pwa\/src\/screens\/([^/]+)\//.exec(file)?.[1];
  const theirs = /^pwa\/src\/screens\/([^/]+)\//.exec(to)?.[1];
  return mine && theirs && mine !== theirs
    ? `screens/${mine} imports screens/${theirs}: move what both use to pwa/src/components/ (or lib/).`
    : null;
});

const BUNDLE_FORBIDDEN =
  /^(react|react-dom|react-router-dom|@tanstack\/react-query|zod|@shabaash\/shared)(\/.*)?$/;
const BUNDLE_ALLOWED = new Set(['@shabaash/shared/core', '@shabaash/shared/wsProtocol']);
const SUBPATH_FILES = {
  '@shabaash/shared/core': 'shared/src/core.ts',
  '@shabaash/shared/wsProtocol': 'shared/src/wsProtocol.ts',
};
const IMPORT_RE = /^\s*(?:import|export)\s+(type\s+)?(?:[^;]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

/** The first forbidden package reached from `file` through value imports, with the chain that reaches it. */
function pullsIn(file, seen = new Set()) {
  if (seen.has(file)) return null;
  seen.add(file);
  let text;
  try {
    text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  } catch {
    return null;
  }
  for (const [, typeOnly, spec] of text.matchAll(IMPORT_RE)) {
    if (typeOnly || !spec) continue;
    const found = reach(file, spec, seen);
    if (found) return found;
  }
  return null;
}

function reach(from, spec, seen) {
  if (BUNDLE_ALLOWED.has(spec)) {
    const found = pullsIn(SUBPATH_FILES[spec], seen);
    return found && { pkg: found.pkg, chain: [SUBPATH_FILES[spec], ...found.chain] };
  }
  if (BUNDLE_FORBIDDEN.test(spec)) return { pkg: spec, chain: [] };
  if (!spec.startsWith('.')) return null;
  const next = rel(path.resolve(path.dirname(path.join(ROOT, from)), spec));
  const found = pullsIn(next, seen);
  return found && { pkg: found.pkg, chain: [next, ...found.chain] };
}

/** Entries of the small bundles (OBS overlay, widgets): nothing they reach may pull in React or zod. */
const smallBundleImports = {
  meta: {
    type: 'problem',
    docs: { description: 'The overlay and widget entries import nothing that pulls in React or zod.' },
    schema: [],
    messages: {
      bundle: '{{spec}} pulls {{pkg}} into a small bundle{{via}}: import @shabaash/shared/core instead.',
    },
  },
  create(context) {
    return importVisitors((node, spec) => {
      const found = reach(rel(context.filename), spec, new Set());
      if (!found) return;
      const via = found.chain.length > 0 ? ` (via ${found.chain.join(' → ')})` : '';
      context.report({ node, messageId: 'bundle', data: { spec, pkg: found.pkg, via } });
    });
  },
};

/**
 * The PWA's folders run one way: screens/ → components/ → hooks/ → everything else (auth/, api/, sync/, lib/,
 * i18n/, realtime/…), which imports none of the three. A hook that imported a component, or auth/ that imported
 * a form, would close a loop between folders.
 */
const PWA_UPPER = ['screens', 'components', 'hooks'];
const pwaFolderOrder = importRule(
  'PWA folders import downwards only: screens → components → hooks → the rest.',
  (to, file) => {
    const mine = /^pwa\/src\/([^/]+)\//.exec(file)?.[1];
    const theirs = /^pwa\/src\/([^/]+)\//.exec(to)?.[1];
    if (!mine || !theirs || mine === theirs || !PWA_UPPER.includes(theirs)) return null;
    const rank = (folder) => (PWA_UPPER.includes(folder) ? PWA_UPPER.indexOf(folder) : PWA_UPPER.length);
    return rank(theirs) < rank(mine)
      ? `pwa/src/${mine}/ imports pwa/src/${theirs}/: folders import downwards (screens → components → hooks → the rest); move the shared part down.`
      : null;
  },
  { types: true },
);

// ---------- workspaces ----------

/**
 * Which workspaces each workspace's files may import (docs/ARCHITECTURE.md "Layers"): shared imports none of ours;
 * the API, the mocks and the PWA import shared. The PWA's tests and journeys may also use the mocks (MSW) and
 * the API's test harness (pwa/e2e runs the product); its one source file that loads the mocks is the `dev:mocks`
 * boot, which imports them on demand.
 */
const WORKSPACE_IMPORTS = {
  '@shabaash/shared': { src: [], tests: [] },
  '@shabaash/mocks': { src: ['@shabaash/shared'], tests: ['@shabaash/shared'] },
  '@shabaash/api': { src: ['@shabaash/shared'], tests: ['@shabaash/shared'] },
  '@shabaash/pwa': {
    src: ['@shabaash/shared'],
    tests: ['@shabaash/shared', '@shabaash/mocks', '@shabaash/api'],
  },
};
const MOCK_MODE_BOOT = 'pwa/src/boot.tsx';
const TEST_FILE = /(\.test\.tsx?|\.e2e\.ts)$|\/(test|e2e)\//;

const manifests = new Map();
/** The nearest package.json above `file` (absolute): its directory, name and declared dependencies. */
function manifestOf(file) {
  const dir = path.dirname(file);
  if (manifests.has(dir)) return manifests.get(dir);
  let found;
  try {
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const declared = { ...json.dependencies, ...json.devDependencies, ...json.peerDependencies };
    found = { dir, name: json.name, declared: new Set(Object.keys(declared)) };
  } catch {
    found = dir === path.dirname(dir) ? null : manifestOf(dir);
  }
  manifests.set(dir, found);
  return found;
}

/** Workspaces import each other only in the documented direction, and declare each one they import by name. */
const workspaceImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Workspaces import each other one way (shared ← api, mocks, pwa) and declare it.' },
    schema: [],
    messages: {
      direction:
        '{{from}} may not import {{to}}: workspaces import only {{allowed}} (docs/ARCHITECTURE.md "Layers").',
      undeclared:
        '{{from}} imports {{to}} without declaring it: add "{{to}}" to {{manifest}}\'s dependencies.',
    },
  },
  create(context) {
    const own = manifestOf(context.filename);
    const rules = own && WORKSPACE_IMPORTS[own.name];
    if (!rules) return {};
    const file = rel(context.filename);
    const tests = TEST_FILE.test(file);
    const allowed = [
      ...(tests ? rules.tests : rules.src),
      ...(file === MOCK_MODE_BOOT ? ['@shabaash/mocks'] : []),
    ];
    return importVisitors(
      (node, spec) => {
        const byName = /^(@shabaash\/[^/]+)/.exec(spec)?.[1];
        const to = spec.startsWith('.')
          ? manifestOf(path.resolve(path.dirname(context.filename), spec))?.name
          : byName;
        if (!to || to === own.name) return;
        const data = { from: own.name, to, allowed: allowed.join(', ') || 'nothing of ours' };
        if (!allowed.includes(to)) return context.report({ node, messageId: 'direction', data });
        if (byName && !own.declared.has(byName))
          context.report({
            node,
            messageId: 'undeclared',
            data: { ...data, manifest: rel(path.join(own.dir, 'package.json')) },
          });
      },
      { types: true },
    );
  },
};

// ---------- the realtime hub ----------

/**
 * The only source files outside api/src/realtime/ that import it: the server that starts the hub. Services reach
 * the hub as `deps.realtime` (the RealtimeBus of deps.ts); the test harness and tests may import it.
 */
const REALTIME_IMPORTERS = new Set(['api/src/server.ts']);

const realtimeImporters = importRule(
  'Only the documented modules import api/src/realtime/.',
  (to, file) =>
    to.startsWith('api/src/realtime/') &&
    !file.startsWith('api/src/realtime/') &&
    !REALTIME_IMPORTERS.has(file)
      ? `${file} imports ${to}: only ${[...REALTIME_IMPORTERS].join(', ')} imports realtime/; services use deps.realtime.`
      : null,
  { types: true },
);

// ---------- records above the repositories ----------

/** What sits below the modules: AppDeps (every service's dependencies) and the domain records they carry. */
const BELOW_MODULES = /^api\/src\/(deps\.ts|domain\/)/;
/** A repository's row type (snake_case, as SQL reads it): `TipRow`, `WalletTransactionRow`, `TipChangeRow`… */
const ROW_TYPE = /Rows?$/;

/**
 * Rows become camelCase records only in repositories: the realtime hub, deps.ts (its RealtimeBus) and api/src/domain/
 * never name a row type, and deps.ts and domain/ import nothing under modules/ (they sit below them). Type imports
 * count: a row type is exactly what this keeps out.
 */
const recordsAboveRepositories = {
  meta: {
    type: 'problem',
    docs: { description: 'The realtime bus and AppDeps take domain records, never a repository row.' },
    schema: [],
    messages: {
      row: '{{file}} imports the row type {{name}}: take the domain record (api/src/domain/, e.g. TipRecord); rows become records in the repository (tipFromRow).',
      below:
        '{{file}} sits below the modules and imports {{to}}: move what it needs to api/src/domain/ (records) or pass it in.',
    },
  },
  create(context) {
    const file = rel(context.filename);
    const below = BELOW_MODULES.test(file);
    return importVisitors(
      (node, spec) => {
        const to = target(context.filename, spec);
        if (below && to.startsWith('api/src/modules/'))
          return context.report({ node, messageId: 'below', data: { file, to } });
        for (const s of node.specifiers ?? []) {
          const name =
            s.type === 'ImportSpecifier' || s.type === 'ExportSpecifier'
              ? (s.imported ?? s.local).name
              : null;
          if (name && ROW_TYPE.test(name))
            context.report({ node: s, messageId: 'row', data: { file, name } });
        }
      },
      { types: true },
    );
  },
};

// ---------- the PWA's API calls ----------

/** What calls the API: the typed client's `api` and the file download (both in pwa/src/api/). */
const API_CALLS = { 'pwa/src/api/client.ts': ['api'], 'pwa/src/api/download.ts': ['downloadFile'] };
const HOOK_FILE = /\/use[A-Z][^/]*\.tsx?$/;

/**
 * Components and screens call the API only through hooks: pwa/src/hooks/, or a screen's own `use*.ts` hook.
 * They may import the client's error helpers (serverMessage, errorMessage, ApiError) and useConfig.
 */
const apiCallsThroughHooks = {
  meta: {
    type: 'problem',
    docs: { description: 'PWA components and screens call the API only through hooks.' },
    schema: [],
    messages: {
      call: '{{name}} calls the API: call it from a hook (pwa/src/hooks/, or a use*.ts file of this screen).',
    },
  },
  create(context) {
    const file = rel(context.filename);
    if (HOOK_FILE.test(file)) return {};
    const report = (node, name) => context.report({ node, messageId: 'call', data: { name } });
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type') return;
        const calls = API_CALLS[target(context.filename, node.source.value)];
        if (!calls) return;
        for (const s of node.specifiers) {
          const name = s.type === 'ImportSpecifier' ? s.imported.name : null;
          if (s.importKind !== 'type' && (s.type === 'ImportNamespaceSpecifier' || calls.includes(name)))
            report(s, name ?? '*');
        }
      },
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'fetch') report(node, 'fetch');
      },
    };
  },
};

export default {
  meta: { name: 'layers' },
  rules: {
    'sql-only-in-repositories': sqlOnlyInRepositories,
    'http-never-imports-modules': httpNeverImportsModules,
    'screens-own-files': screensOwnFiles,
    'small-bundle-imports': smallBundleImports,
    'pwa-folder-order': pwaFolderOrder,
    'workspace-imports': workspaceImports,
    'realtime-importers': realtimeImporters,
    'records-above-repositories': recordsAboveRepositories,
    'api-calls-through-hooks': apiCallsThroughHooks,
  },
};
