import js from '@eslint/js';
import compat from 'eslint-plugin-compat';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { rooms } from './scripts/eslint/rooms.js';

/** Kysely's statement builders, on a handle, a transaction or an expression builder. */
const KYSELY_BUILDERS =
  '/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/';

/** A native button or a component named like one, and a class list with a .btn style in it. */
const BUTTONS = '/^(button|[A-Z]\\w*Button)$/';
const BTN_CLASS = '/(^|\\s)btn(-|\\s|$)/';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dev-dist',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      'bench/tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // Web APIs beyond the supported browsers (package.json "browserslist") need a fallback.
  {
    ...compat.configs['flat/recommended'],
    files: ['src/client/**/*.{ts,tsx}', 'src/sw/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
  },
  // Playwright loads these itself and cannot map `#shared/x.js` to its .ts file.
  {
    files: ['tests/e2e/**/*.ts', 'tests/fixtures/**/*.ts', 'playwright.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^#', message: 'Playwright code imports by relative path.' }] },
      ],
    },
  },
  // Rooms and features: who may import whom (scripts/eslint/rooms.js).
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { rooms },
    rules: { 'rooms/rooms': 'error' },
  },
  // SQL lives in a `*repository.ts` of its area; src/server/db/ holds the engine's own
  // (connecting, migrations, the helpers repositories build with).
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*repository.ts', 'src/server/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=${KYSELY_BUILDERS}], CallExpression[callee.name=${KYSELY_BUILDERS}]`,
          message: 'SQL belongs in a *repository.ts of its area: call a function there.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              importNames: ['sql'],
              message: 'SQL belongs in a *repository.ts of its area: call a function there.',
            },
          ],
        },
      ],
    },
  },
  // One way to draw a button: <Button> (components/ui/button.tsx) writes the .btn classes.
  {
    files: ['src/client/**/*.tsx'],
    ignores: ['src/client/components/ui/button.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `JSXOpeningElement[name.name=${BUTTONS}] > JSXAttribute[name.name='className'] :matches(Literal[value=${BTN_CLASS}], TemplateElement[value.raw=${BTN_CLASS}])`,
          message:
            'Use <Button variant size block> (components/ui/button.tsx), not the .btn classes.',
        },
      ],
    },
  },
  prettier,
);
