// @ts-check
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

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test/fixtures/**', '.tmp/**'] },
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
      'no-restricted-imports': [
        'error',
        {
          paths: [
            crossFetch,
            { name: 'fs', message: 'Pure code gets file contents passed in.' },
            { name: 'node:fs', message: 'Pure code gets file contents passed in.' },
            { name: 'fs/promises', message: 'Pure code gets file contents passed in.' },
            { name: 'node:fs/promises', message: 'Pure code gets file contents passed in.' },
            { name: 'process', message: 'Pure code gets its settings passed in.' },
            { name: 'node:process', message: 'Pure code gets its settings passed in.' },
          ],
          patterns: [
            surfaceOnly,
            { group: ['@actions/*'], message: 'Only the action edge imports @actions/*.' },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Pure code gets its settings passed in.' },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the injected transport.' }],
    },
  },
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
