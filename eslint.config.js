// The one linter config of the repository (DESIGN.md section 7); Prettier (.prettierrc.json) owns formatting.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // what .gitignore leaves out: built and generated files (build/: the compiled API of npm run build)
  {
    ignores: [
      'dist/**',
      'build/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'bench/out/**',
      'server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Drizzle's generic table types are loose where one helper serves several record tables.
      '@typescript-eslint/no-explicit-any': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
);
