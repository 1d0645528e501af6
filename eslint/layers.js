// Layer rules of the architecture (docs/ARCHITECTURE.md "Layers"), as a local ESLint plugin so that each rule has
// its own name and message and the rules do not override one another. eslint/layers.test.ts shows each one
// failing on a deliberate violation.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const rel = (file) => path.relative(ROOT, file).split(path.sep).join('/');

/** Every module specifier a file names at run time (type-only imports and exports are erased, so skipped). */
function importVisitors(check) {
  const visit = (node, source, typeOnly) => {
    if (!source || typeof source.value !== 'string' || typeOnly) return;
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

/** A rule that reports imports whose target matches `forbidden(target, file)` (a message, or null when allowed). */
function importRule(description, forbidden) {
  return {
    meta: { type: 'problem', docs: { description }, schema: [], messages: { layer: '{{message}}' } },
    create(context) {
      const file = rel(context.filename);
      return importVisitors((node, spec) => {
        const message = forbidden(target(context.filename, spec), file);
        if (message) context.report({ node, messageId: 'layer', data: { message } });
      });
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

const hooksNeverImportScreens = importRule('PWA hooks never import screens.', (to) =>
  to.startsWith('pwa/src/screens/')
    ? 'pwa/src/hooks/ never imports pwa/src/screens/: move the shared code to components/ or a hook.'
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

export default {
  meta: { name: 'layers' },
  rules: {
    'sql-only-in-repositories': sqlOnlyInRepositories,
    'http-never-imports-modules': httpNeverImportsModules,
    'hooks-never-import-screens': hooksNeverImportScreens,
    'screens-own-files': screensOwnFiles,
    'small-bundle-imports': smallBundleImports,
  },
};
