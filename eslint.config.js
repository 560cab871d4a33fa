// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Folders that hold pure code: plain data in, plain data out. The edges hand them their powers. */
const pureFolders = ['src/core/**', 'src/lockfiles/**', 'src/policy/**', 'src/gate/**', 'src/report/**'];
/** The one file allowed to import the HTTP transport. */
const transportFile = 'src/core/transport.ts';

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
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'cross-fetch', message: `Only ${transportFile} imports cross-fetch.` }] },
      ],
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
            { name: 'cross-fetch', message: `Only ${transportFile} imports cross-fetch.` },
            { name: 'fs', message: 'Pure code gets file contents passed in.' },
            { name: 'node:fs', message: 'Pure code gets file contents passed in.' },
            { name: 'fs/promises', message: 'Pure code gets file contents passed in.' },
            { name: 'node:fs/promises', message: 'Pure code gets file contents passed in.' },
            { name: 'process', message: 'Pure code gets its settings passed in.' },
            { name: 'node:process', message: 'Pure code gets its settings passed in.' },
          ],
          patterns: [{ group: ['@actions/*'], message: 'Only the action edge imports @actions/*.' }],
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
    rules: { 'no-restricted-imports': 'off' },
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
