import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

/**
 * The dependency direction of ARCHITECTURE.md: contract and lib import nothing of ours but each other;
 * offline and ui may use them; features use all of those but never another feature; app wires
 * features; server imports contract and lib only; nothing in the browser imports server.
 */
const zones = [
  {
    target: './src/contract',
    from: ['./src/lib', './src/offline', './src/ui', './src/entities', './src/features', './src/app', './src/server'],
  },
  { target: './src/lib', from: ['./src/offline', './src/ui', './src/entities', './src/features', './src/app', './src/server'] },
  { target: './src/offline', from: ['./src/ui', './src/entities', './src/features', './src/app', './src/server'] },
  { target: './src/ui', from: ['./src/offline', './src/entities', './src/features', './src/app', './src/server'] },
  // Data several features share (ARCHITECTURE.md): features use it, it uses no feature.
  { target: './src/entities', from: ['./src/features', './src/app', './src/server'] },
  { target: './src/features', from: ['./src/app', './src/server'] },
  { target: './src/app', from: ['./src/server'] },
  { target: './src/server', from: ['./src/offline', './src/ui', './src/entities', './src/features', './src/app'] },
  { target: './sw', from: ['./src/server', './src/features', './src/app', './src/ui'] },
];

// A feature never imports another feature: one zone per feature folder.
const features = readdirSync('./src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
for (const feature of features) {
  zones.push({ target: `./src/features/${feature}`, from: './src/features', except: [`./${feature}`] });
}

export default tseslint.config(
  {
    ignores: [
      '**/routeTree.gen.ts',
      '.tmp/**',
      'dist/**',
      'dist-server*/**',
      'node_modules/**',
      'data/**',
      'src/server/db/migrations/**',
      'coverage/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': 'off',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
);
