import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlib } from 'node:zlib';
import { THEME_STORE_KEY } from './src/app/theme-store-key';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../../dist/apps/web', import.meta.url));
// The zod contracts the API validates with, so web forms check the very same rules (STYLE.md), and
// the permission predicates the API enforces, so screens offer only what the role may do.
const contracts = fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url));
const domain = fileURLToPath(new URL('../../libs/domain/src/index.ts', import.meta.url));

/**
 * Applies the stored colour scheme before the bundle runs, so a dark-scheme visitor never sees a
 * white page flash while the JavaScript downloads.
 */
function colourSchemeBeforePaint(): Plugin {
  const stored =
    `try{var s=localStorage.getItem(${JSON.stringify(THEME_STORE_KEY)});` +
    `document.documentElement.setAttribute('data-mantine-color-scheme',s==='dark'?'dark':'light')}catch(e){}`;
  // A visitor's landing page follows the visitor's phone, never the admin's stored choice.
  const visitors =
    `document.documentElement.setAttribute('data-mantine-color-scheme',` + `window.matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light')`;
  return {
    name: 'colour-scheme-before-paint',
    transformIndexHtml: (_html, { filename }) => [
      { tag: 'script', children: filename.endsWith('landing-page.html') ? visitors : stored, injectTo: 'head-prepend' },
    ],
  };
}

/**
 * `--ssr src/landing-page-server.tsx`: the landing page's server entry, one CommonJS file with its dependencies inside, which the
 * API loads from the web dist at runtime to render a visitor's page into landing-page.html.
 */
const serverBuild = defineConfig({
  root: projectRoot,
  plugins: [react()],
  resolve: { alias: { '@qr/contracts': fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url)) } },
  ssr: { noExternal: true },
  build: {
    outDir: fileURLToPath(new URL('../../dist/apps/web/server', import.meta.url)),
    emptyOutDir: true,
    rollupOptions: { output: { format: 'cjs', entryFileNames: 'landing-page-server.cjs' } },
  },
});

/**
 * Two builds into one folder: the app (index.html), then with `--mode landing-page` a visitor's
 * landing page (landing-page.html, for /page/{id} and /p/{name}). Built on its own, the landing
 * page is one script and one stylesheet with none of the app's router or admin code: on a slow
 * phone every extra file costs a round trip.
 */
export default defineConfig(({ mode, isSsrBuild }) =>
  isSsrBuild
    ? serverBuild
    : {
        root: projectRoot,
        plugins: [
          react(),
          colourSchemeBeforePaint(),
          // Brotli and gzip copies beside each file, which the server sends as they are: compressed once
          // at build time rather than on every request.
          compression({
            algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
            include: /\.(js|css|html|svg|json|wasm)$/,
          }),
        ],
        resolve: { alias: { '@qr/contracts': contracts, '@qr/domain': domain } },
        build: {
          outDir,
          emptyOutDir: mode !== 'landing-page',
          rollupOptions: {
            input: fileURLToPath(new URL(mode === 'landing-page' ? 'landing-page.html' : 'index.html', import.meta.url)),
            // A feature's index.ts only re-exports, so it is marked free of side effects: a name imported
            // through it then costs just the file that defines it, and an index that also re-exports an
            // admin screen never pulls that screen into a visitor's entry (e2e/visitor-bundles.e2e.spec.ts).
            // The landing page takes the contracts' theme helpers but never parses with zod, so there the
            // contracts count as free of side effects too, and their schemas (and zod) stay out of a phone's download.
            treeshake: {
              moduleSideEffects: [
                { test: /\/apps\/web\/src\/features\/[^/]+\/index\.ts$/, sideEffects: false },
                ...(mode === 'landing-page' ? [{ test: /\/libs\/contracts\/src\//, sideEffects: false }] : []),
              ],
            },
          },
        },
        // The dev server forwards the API and the embedded sign-in service to the running server.
        server: { proxy: { '/api': 'http://localhost:3000', '/oidc': 'http://localhost:3000' } },
      },
);
