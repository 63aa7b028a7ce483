import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/', '.tmp/', '**/.angular/', 'src/types/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['**/*.{js,mjs}', 'server/**', 'bench/**', 'tests/tools/**', 'tests/cluster/**', 'tests/faults/**', 'tests/security/**', 'elements/tools/**', 'demo/partner-site/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: { 'no-console': 'off' },
  },
  {
    files: ['demo/**/*.js', 'bench/**/*.{js,mjs}'],
    languageOptions: { globals: { document: 'readonly', window: 'readonly', location: 'readonly', URLSearchParams: 'readonly', performance: 'readonly', customElements: 'readonly', fetch: 'readonly' } },
  },
  {
    files: ['tests/**'],
    rules: { 'no-empty-pattern': 'off', '@typescript-eslint/ban-ts-comment': 'off' },
  },
  {
    // Playwright fixtures name their callback `use`; it is not React's hook.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
