/**
 * Who may import whom (docs: ARCHITECTURE "Rooms"), checked on the resolved path, so a rule
 * holds whatever the relative depth or alias (`#shared/*`) of the import:
 * - src/shared imports only itself and zod;
 * - src/server, src/client and src/sw import themselves and src/shared, never each other (the
 *   server-rendering module, src/server/ssr/page-renderer.ts, is the one named exception);
 * - a feature (src/<room>/features/<name>) never imports another feature;
 * - what several features share (src/client/components, src/client/lib) never imports a
 *   feature: it would tie every feature that uses it to that one.
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ROOMS = ['shared', 'server', 'client', 'sw'];
const SSR_RENDERER = 'src/server/ssr/page-renderer.ts';

/** The repo-relative path an import points at, or null for a package. */
function target(spec, file) {
  const alias = /^#(shared|server|client|sw|tests)\/(.*)$/.exec(spec);
  if (alias) return `${alias[1] === 'tests' ? 'tests' : `src/${alias[1]}`}/${alias[2]}`;
  if (spec.startsWith('.')) {
    return path
      .relative(ROOT, path.resolve(path.dirname(file), spec))
      .split(path.sep)
      .join('/');
  }
  return null;
}

const roomOf = (rel) => {
  const m = /^src\/([^/]+)\//.exec(rel);
  return m && ROOMS.includes(m[1]) ? m[1] : null;
};
const featureOf = (rel) => /^src\/[^/]+\/features\/([^/]+)\//.exec(rel)?.[1] ?? null;

function problem(spec, file) {
  const from = path.relative(ROOT, file).split(path.sep).join('/');
  const room = roomOf(from);
  if (!room) return null;
  const to = target(spec, file);
  if (to === null) {
    // Tests beside the code bring their runner (vitest, fast-check).
    if (room === 'shared' && spec !== 'zod' && !/\.test\.tsx?$/.test(from)) {
      return 'src/shared imports only zod.';
    }
    return null;
  }
  const toRoom = roomOf(to);
  if (toRoom && toRoom !== room && toRoom !== 'shared' && from !== SSR_RENDERER) {
    return `src/${room} does not import src/${toRoom}: share it through src/shared.`;
  }
  if (room === 'shared' && toRoom !== 'shared') return 'src/shared imports only itself and zod.';
  if (/^src\/client\/(components|lib)\//.test(from) && featureOf(to) && toRoom === 'client') {
    return `Shared code does not import a feature (${from.split('/')[2]} imports ${featureOf(to)}): move it into that feature, or what it needs out of it.`;
  }
  const feature = featureOf(from);
  const toFeature = featureOf(to);
  if (feature && toFeature && toFeature !== feature && toRoom === room) {
    return `Features do not import features (${feature} imports ${toFeature}): move what both need to lib/ or components/, or compose them in the app shell.`;
  }
  return null;
}

const rule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      const message = problem(spec, context.filename);
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const rooms = { rules: { rooms: rule } };
