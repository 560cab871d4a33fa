// @ts-check
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Folders that hold pure code: plain data in, plain data out. The edges hand them their powers. */
const pureFolders = [
  'src/core/**',
  'src/domain/**',
  'src/lockfiles/**',
  'src/policy/**',
  'src/gate/**',
  'src/report/**',
  'src/audit/**',
];
/**
 * Each folder of src/ is a module whose index.ts is its importable surface: code in another folder
 * imports `../core/index.js`, never `../core/client.js`, so a folder can rearrange its files freely.
 */
const surfaceOnly = {
  regex: String.raw`^(\.\./)+(core|domain|lockfiles|policy|gate|report|audit|emulator|relay|action|cli|edge-shared)/(?!index\.js$).+`,
  message: "Import another folder through its index.ts (e.g. '../core/index.js').",
};
/** The one file allowed to import the HTTP transport. */
const transportFile = 'src/core/transport.ts';
const crossFetch = { name: 'cross-fetch', message: `Only ${transportFile} imports cross-fetch.` };
/** What pure code may not import. */
const pureImports = {
  paths: [
    crossFetch,
    { name: 'fs', message: 'Pure code gets file contents passed in.' },
    { name: 'node:fs', message: 'Pure code gets file contents passed in.' },
    { name: 'fs/promises', message: 'Pure code gets file contents passed in.' },
    { name: 'node:fs/promises', message: 'Pure code gets file contents passed in.' },
    { name: 'process', message: 'Pure code gets its settings passed in.' },
    { name: 'node:process', message: 'Pure code gets its settings passed in.' },
  ],
  patterns: [surfaceOnly, { group: ['@actions/*'], message: 'Only the action edge imports @actions/*.' }],
};

/**
 * src/lockfiles in layers: syntax/ (text scanners and parsers) knows no lockfile format's meaning and
 * imports only itself and ../errors.js; each ecosystem folder (every other folder: npm/, pypi/, ...)
 * imports syntax/ and the files at the top (types, errors, shared walks), never another ecosystem's
 * folder nor the dispatch.
 */
const ecosystemFolders = readdirSync(join(import.meta.dirname, 'src/lockfiles'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'syntax')
  .map((entry) => entry.name);
/**
 * The pure-code import rules for `files`, and one more pattern.
 * @param {string[]} files
 * @param {string} regex
 * @param {string} message
 */
const pureImportsAnd = (files, regex, message) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { ...pureImports, patterns: [...pureImports.patterns, { regex, message }] },
    ],
  },
});
const lockfileLayers = [
  pureImportsAnd(
    ['src/lockfiles/syntax/**'],
    String.raw`^\.\./(?!errors\.js$)`,
    'syntax/ reads text for every format: it imports only syntax/ and ../errors.js.',
  ),
  pureImportsAnd(
    ecosystemFolders.map((folder) => `src/lockfiles/${folder}/**`),
    String.raw`^\.\./(${ecosystemFolders.join('|')})/|^\.\./(index|read-lockfile|detect-lockfile|decode)\.js$`,
    "An ecosystem folder imports syntax/ and the shared files at the top of src/lockfiles, never another ecosystem's folder nor the dispatch.",
  ),
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test/fixtures/**', '.tmp/**', '.bundle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/require-await': 'off',
      'no-restricted-imports': ['error', { paths: [crossFetch], patterns: [surfaceOnly] }],
    },
  },
  {
    files: pureFolders,
    ignores: [transportFile],
    rules: {
      'no-restricted-imports': ['error', pureImports],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Pure code gets its settings passed in.' },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the injected transport.' }],
    },
  },
  ...lockfileLayers,
  {
    files: [transportFile],
    rules: { 'no-restricted-imports': ['error', { patterns: [surfaceOnly] }] },
  },
  {
    // Tests reach into modules on purpose: they test the files, not only the surface.
    files: ['test/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [crossFetch] }] },
  },
  {
    files: ['test/**', '*.config.*'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
