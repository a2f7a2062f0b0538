// One lint for the whole tree: typescript-eslint's syntax-only recommended rules, Nx's project
// boundaries (layers by tag, see each project.json) and the context boundaries inside projects
// (tools/lint/context-boundaries.mjs). Formatting is Prettier's job: eslint-config-prettier comes last.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';
import { contextBoundaries } from './tools/lint/context-boundaries.mjs';
import { projectBoundaries } from './tools/lint/project-boundaries.mjs';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/data/**', 'bench/results/**', 'tools/lint/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: {
      // TypeScript checks names and arguments itself; these two only duplicate it, slower.
      'no-undef': 'off',
      'no-redeclare': 'off',
      // A `let` that a closure reads before its one later assignment (a filter made once the app exists) cannot be a const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { plugins: { '@nx': nx, boundaries } },
  ...projectBoundaries,
  ...contextBoundaries,
  prettier,
);
