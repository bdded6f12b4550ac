// The rules the team keeps, and why, are in docs/code-style.md; change both together.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import reactHooks from 'eslint-plugin-react-hooks'
import simpleImportSort from 'eslint-plugin-simple-import-sort'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: ['dist/**', 'coverage/**', '.data/**', '.e2e/**', '.swc/**', 'node_modules/**', 'server/db/migrations/**']
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    // Taro declares the config helpers of app.config and page configs as globals.
    languageOptions: {
      globals: { ...globals.browser, ...globals.node, defineAppConfig: 'readonly', definePageConfig: 'readonly' }
    },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true }],
      // Prettier wraps code; strings and comments it leaves alone, so the limit is kept here too.
      'max-len': ['error', { code: 120, ignoreUrls: true }]
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' }
  },
  {
    files: ['src/**/*.{ts,tsx}', 'admin/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error'
    }
  },
  {
    // Inside the app a parent folder is reached through '@/', so a file can move without its imports changing.
    // The engine is the exception: the server loads it too, so it stays self-contained with relative imports.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/metaphysics/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(?!.*\\.s?css$)', message: "Import from a parent folder through '@/…'." }] }
      ],
      // The mini-program's runtime is built without Taro's HTML parser (config/index.ts): innerHTML would draw nothing.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'The mini-program has no HTML parser (config/index.ts): draw HTML with RichText nodes.'
        }
      ]
    }
  },
  {
    // Tests and benchmarks read loosely typed JSON; tests load modules fresh with require.
    files: ['tests/**', 'scripts/**', '**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-require-imports': 'off' }
  },
  {
    // Command-line programs talk on the terminal; browser and runtime tests print what they measured or saw.
    files: [
      'scripts/**',
      'tests/e2e/**',
      'tests/weapp/**',
      'server/main.ts',
      'server/start.ts',
      'server/cluster.ts',
      'server/startup-check.ts'
    ],
    rules: { 'no-console': 'off' }
  }
)
