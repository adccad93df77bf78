import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiPrefixes = ['/api', '/auth', '/quote-api', '/retailer-api', '/mch-quote-api', '/images'];
const serverPort = process.env.PORT ?? '8080';

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
      },
    }),
  ],
  build: { target: 'es2022', sourcemap: true },
  // `npm run dev` serves the client with hot reload; the API runs separately (`npm run server`).
  server: { proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, `http://127.0.0.1:${serverPort}`])) },
});
