import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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
  const script =
    `try{var s=localStorage.getItem(${JSON.stringify(THEME_STORE_KEY)});` +
    `document.documentElement.setAttribute('data-mantine-color-scheme',s==='dark'?'dark':'light')}catch(e){}`;
  return {
    name: 'colour-scheme-before-paint',
    transformIndexHtml: () => [{ tag: 'script', children: script, injectTo: 'head-prepend' }],
  };
}

export default defineConfig({
  root: projectRoot,
  plugins: [react(), colourSchemeBeforePaint()],
  resolve: { alias: { '@qr/contracts': contracts, '@qr/domain': domain } },
  build: { outDir, emptyOutDir: true },
  // The dev server forwards the API and the embedded sign-in service to the running server.
  server: { proxy: { '/api': 'http://localhost:3000', '/oidc': 'http://localhost:3000' } },
});
