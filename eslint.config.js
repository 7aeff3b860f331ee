import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The layers, lowest first. A file imports from its own layer and the ones
 * below it, never from one above, so a layer can be read, tested and changed
 * without the code built on it. src/forms imports only the schemas, so it sits
 * beside src/data; the files directly in src/ (the two entries and the
 * document they render and hydrate) compose everything below them. Tests and
 * scripts may import any layer.
 */
const LAYERS = [
  { name: 'src/schema', paths: ['src/schema/**'] },
  { name: 'src/data and src/forms', paths: ['src/data/**', 'src/forms/**'] },
  { name: 'src/routes', paths: ['src/routes/**'] },
  { name: 'src/app', paths: ['src/app/**'] },
  { name: 'src/components', paths: ['src/components/**'] },
  { name: 'src/pages', paths: ['src/pages/**'] },
  { name: 'the entries (src/*.tsx)', paths: ['src/*.{ts,tsx}'] },
  // The staff console, its own entry: it may use the schemas and data, nothing of the public pages.
  { name: 'src/staff', paths: ['src/staff/**'] },
  { name: 'pipeline', paths: ['pipeline/**'] },
  { name: 'server', paths: ['server/**'] },
];

/** The console is built apart from the public pages: of the site's code it shares only schemas and data. */
const staffApart = {
  target: ['./src/staff/**'],
  from: ['./src/routes/**', './src/app/**', './src/components/**', './src/pages/**', './src/*.{ts,tsx}'],
  message:
    'src/staff may import src/schema and src/data only: the console shares no code with the public pages.',
};

const LAYER_ORDER = LAYERS.map((layer) => layer.name).join(' → ');

const upwardImports = LAYERS.flatMap((layer, index) =>
  LAYERS.slice(index + 1).map((above) => ({
    target: layer.paths.map((path) => `./${path}`),
    from: above.paths.map((path) => `./${path}`),
    message: `${layer.name} may not import from ${above.name}, a layer above it. Imports run downwards only: ${LAYER_ORDER}.`,
  })),
);

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'dist-staff',
      'dist-prerender',
      'dist-publish',
      'src/generated',
      '.generated',
      'test-results',
      'playwright-report',
      'coverage',
      'public/media',
      // The local service's data: its database and the publisher's builds, bundles included.
      '.data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  reactHooks.configs.flat.recommended,
  {
    rules: {
      'no-console': ['warn', { allow: ['warn', 'error'] }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...upwardImports, staffApart] }] },
  },
  {
    files: ['pipeline/**', 'scripts/**', 'tests/**', 'server/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
