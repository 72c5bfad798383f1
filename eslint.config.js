import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.config.js',
      'server/build.mjs',
      'scripts/**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-empty-object-type': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/client/src/**', '@platform/client', '@platform/client/*'],
              message: 'Client code is not importable from here (DESIGN 2).',
            },
          ],
        },
      ],
    },
  },
  {
    // Post search has one public face (search/index.ts): its filter table is the only place a
    // filter's meaning is written, so nothing outside reaches past it.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/modules/posts/search/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/client/src/**', '@platform/client', '@platform/client/*'],
              message: 'Client code is not importable from here (DESIGN 2).',
            },
            {
              group: ['**/posts/search/*', './search/*', '../search/*'],
              message: 'Import post search from its folder (modules/posts/search), not from its files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/src/**', '@platform/server', '@platform/server/*'],
              message: 'The client never imports server code (DESIGN 2).',
            },
          ],
        },
      ],
    },
  },
  {
    // The shell (app/) composes everything; nothing below it imports it back (issue 28 item 4).
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/app/**', 'client/src/main.tsx', 'client/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/src/**', '@platform/server', '@platform/server/*'],
              message: 'The client never imports server code (DESIGN 2).',
            },
            {
              group: ['**/app/*', '!**/app/*.css'],
              message: 'Only the shell imports app/: providers, features, realtime and session sit below it (issue 28).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', '**/server/**', '**/client/**', 'react', 'react-dom'],
              message: 'shared has no I/O and imports only zod and tiny pure libraries (DESIGN 2).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
