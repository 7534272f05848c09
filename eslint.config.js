// ESLint flat config: typescript-eslint's recommended rules and React's rules of hooks (decision 080).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'test-results/', 'data/', '.build/', '.bench/', 'tmp/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Names starting with _ mark parameters a signature requires but the body does not read.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Server-rendered public pages link with RouteAnchor: React Router's links cost the most of a render and fill
    // the old generation with their per-link objects (decisions 005 and 106).
    files: ['src/web/routes/public/**', 'src/web/components/**'],
    ignores: ['src/web/components/forgot-password-link.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: 'Public pages link with RouteAnchor (src/web/components/route-anchor.tsx).',
            },
          ],
        },
      ],
    },
  },
);
