import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';

// The API the dev server proxies to (`npm run dev` starts it on PORT, default 8080).
const apiTarget = `http://localhost:${process.env.PORT ?? 8080}`;

const source = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * Vendor groups shared by every route. Only React and the router are forced into one chunk (both /login and the
 * console need them all); MUI, react-admin and the rest are left out of /login (static CSS, no MUI or Emotion) and
 * load after sign-in. bench/ measures the result against the budget (/login <= 200 KB gzipped JS).
 */
const vendorGroups = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
    priority: 20,
  },
];

/**
 * Fewer, larger chunks for the first list instead of one per combination of lazy pages that share a module (the first
 * list once loaded 54 files after the click): `lists`, what a generated list page imports beyond /login, the shell and
 * the dashboard (the engine's list views and what only they use); `messages`, the resources' message catalogues with
 * the labels they share with the declarations. Each is the static import closure of its root, so lazily imported
 * views (forms, drawers, dialogs) stay lazy and each resource's declaration stays its own small chunk. What /login,
 * the shell or the dashboard also import is left to the automatic splitting (capturing it here, or grouping MUI and
 * react-admin by path, made /login or the shell import the lists' and forms' chunks).
 */
const closureGroups: [name: string, roots: string[]][] = [
  ['lists', ['./resources/engine/ResourcePage.tsx']],
  ['messages', ['./resources/messages.ts']],
];

function closureChunks(): CodeSplittingGroup {
  let owner: Map<string, string> | undefined;
  const closure = (roots: string[], ctx: ChunkingContext, skip: (id: string) => boolean) => {
    const seen = new Set<string>();
    const walk = (id: string) => {
      if (seen.has(id) || skip(id)) return;
      seen.add(id);
      for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) walk(next);
    };
    roots.forEach(walk);
    return seen;
  };
  return {
    debugName: 'closures',
    priority: 10,
    // only the closure itself: what /login also imports stays where /login has it
    includeDependenciesRecursively: false,
    name(id, ctx) {
      if (!owner) {
        owner = new Map();
        // left to automatic splitting: what /login, the signed-in shell or its dashboard import
        const login = closure(
          ['./src/main.tsx', './src/App.tsx', './src/dashboard/DashboardPage.tsx'].map(source),
          ctx,
          () => false,
        );
        for (const [name, roots] of closureGroups) {
          const taken = owner;
          for (const m of closure(roots.map(source), ctx, (m) => login.has(m) || taken.has(m))) owner.set(m, name);
        }
      }
      return owner.get(id) ?? null;
    },
  };
}

/**
 * Writes `.br` and `.gz` beside every emitted text file over 1 KB (scripts, styles, index.html): the API serves them
 * with @fastify/static's preCompressed to browsers that accept them, with no compression work per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle).filter((f) => /\.(js|css|html|svg|json)$/.test(f))) {
        const path = join(outDir, file);
        const body = readFileSync(path);
        if (body.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
      }
    },
  };
}

/**
 * `<link rel="prefetch">` in index.html for the chunks the signed-in shell and its dashboard import: the browser
 * fetches them while the login form waits for a person to type (idle priority, after the page's load, nothing
 * evaluated), so signing in evaluates code it already has instead of fetching tens of files one import after another.
 */
function prefetchShell(): Plugin {
  return {
    name: 'prefetch-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const of = (file: string) => chunks.find((c) => c.facadeModuleId === source(file));
        const closure = (files: string[], seen = new Set<string>()) => {
          for (const f of files)
            if (!seen.has(f)) {
              seen.add(f);
              closure(byFile.get(f)?.imports ?? [], seen);
            }
          return seen;
        };
        const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
        const shell = closure(
          ['./src/App.tsx', './src/dashboard/DashboardPage.tsx'].flatMap((f) => of(f)?.fileName ?? []),
        );
        return [...shell]
          .filter((f) => !entry.has(f))
          .map((f) => ({
            tag: 'link',
            attrs: { rel: 'prefetch', href: `/${f}`, as: 'script', crossorigin: '' },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

const shim = (file: string) => source(`./src/shims/${file}`);

export default defineConfig({
  plugins: [react(), precompress(), prefetchShell()],
  resolve: {
    // Polyfills of node-polyglot for ES2017 built-ins every supported browser has (keeps /login small).
    alias: [
      { find: /^object\.entries$/, replacement: shim('object-entries.cjs') },
      { find: /^hasown$/, replacement: shim('hasown.cjs') },
      // ra-core compares store values with lodash's isEqual (~6 KB gzipped with its helpers); fast-deep-equal's
      // ES6 build gives the same answers for the plain data, Maps, Sets and typed arrays it compares.
      { find: /^lodash\/isEqual(\.js)?$/, replacement: 'fast-deep-equal/es6/index.js' },
    ],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/docs': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [...vendorGroups, closureChunks()] },
      },
    },
  },
});
