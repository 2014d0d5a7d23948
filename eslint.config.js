import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'dist/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Tests walk through JSON answers; typing every level would only restate the assertions.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The core knows no concrete channel, service or app: they plug into it.
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/channels/**', '**/services/**', '**/apps/**', '**/test/**'], message: 'core/ must not import channels, services, apps or tests' },
          ],
        },
      ],
    },
  },
  {
    // Channels and services plug into the core; they never reach into apps.
    files: ['channels/**/*.ts', 'services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/**', '**/test/**'], message: 'plugins must not import apps or tests' }] },
      ],
    },
  },
);
