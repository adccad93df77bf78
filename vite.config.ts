import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiPrefixes = ['/api', '/auth', '/quote-api', '/retailer-api', '/mch-quote-api', '/images'];
const serverPort = process.env.PORT ?? '8080';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Next to every hashed JS and CSS file of dist/assets the build writes its Brotli (.br, quality 11) and gzip (.gz,
 * level 9) copies; the server sends the one the browser accepts (src/server/http/client-app.ts). Brotli at its best
 * quality is too slow to run per request and makes the first route's JS about 14% smaller than on-the-fly gzip.
 */
function precompressAssets(): Plugin {
  return {
    name: 'homesite:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => name.startsWith('assets/') && /\.(?:m?js|css)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = join(outDir, name);
          const content = await readFile(file);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The contract's modules only declare schemas: one the bundle does not use (a barrel re-exports them all) is left out
 * instead of being kept for its top-level valibot calls. Both builds need it: the app's and the service worker's.
 */
const contractHasNoSideEffects = [{ test: /[\\/]src[\\/]contract[\\/]/, sideEffects: false }];

export default defineConfig({
  plugins: [
    // The router plugin must come before react() (STACK.md).
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/app/routes',
      generatedRouteTree: 'src/app/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    precompressAssets(),
    // sw/sw.ts is built to dist/sw.js with the precache manifest of every file below: the shell, every
    // route chunk (autoCodeSplitting) and the pdf.js worker, so the whole app opens offline.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false, // src/app/pwa/update-prompt.tsx registers it, with the update prompt
      manifest: false, // public/manifest.webmanifest is the manifest
      injectManifest: {
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,webmanifest,woff2}'],
        // pdf.worker is about 1.3 MB; the default 2 MiB limit would silently leave big chunks out.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // A classic script: registered without { type: 'module' }, which older Safari lacks.
        rollupFormat: 'iife',
        // The worker drains the outbox with the app's own modules (src/offline/background-drain.ts). vite-plugin-pwa
        // types this with Rollup's options; Vite 8 hands them to Rolldown, which takes these rules.
        rollupOptions: { treeshake: { moduleSideEffects: contractHasNoSideEffects as unknown as string[] } },
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph, read by tests/bench/bundle.ts (not served: client-app.ts skips dot folders).
    manifest: true,
    // Every browser the app supports has <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: { moduleSideEffects: contractHasNoSideEffects },
      output: {
        // Lazy chunks by content hash alone: the entry lists every chunk a route may load (the preload map), and their
        // readable names cost about a kilobyte of the first load's gzip (source maps still name every module).
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          // What the first load runs is one chunk, not a dozen small modulepreloads (HTTP/1.1 opens 6 connections). The
          // '$initial' tag is rolldown's own static graph of the entry: an export that only lazy routes use (useQuery
          // behind @tanstack/react-query's index, say) is not part of it, where a walk of every import would take it.
          // The contract's modules are left to the default chunking so that the ones no first-load code uses stay out.
          groups: [{ name: 'app', tags: ['$initial'], test: (id) => !/[\\/]src[\\/]contract[\\/]/.test(id) }],
        },
      },
    },
  },
  // `npm run dev` serves the client with hot reload; the API runs separately (`npm run server`).
  server: { proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, `http://127.0.0.1:${serverPort}`])) },
});
