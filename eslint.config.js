// ESLint flat config: typescript-eslint's recommended rules and React's rules of hooks (decision 080), and the floors
// imports may not climb (decision 123).
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Tests and what only tests import: they may reach every floor. */
const TEST_SUPPORT = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/*.test-support.ts',
  '**/*-test-fixtures.ts',
  '**/fixtures/**',
];
const ROUTES = 'src/server/**/{*.routes,page-routes}.ts';
const SERVICES = 'src/server/**/*.service.ts';
const REPOSITORIES = 'src/server/**/*.repository.ts';
/** Where everything is assembled: what is below may not reach back up to it. */
const ASSEMBLY = 'src/server/{app,app-context,bootstrap,public-services,server,main}.ts';
/** The server's floors below the modules: they serve every module and know none. */
const INFRASTRUCTURE = ['auth', 'cache', 'db', 'email', 'http', 'journals', 'pdf', 'storage'].map(
  (folder) => `src/server/${folder}`,
);

/** Dependencies point one way (docs/architecture.md, Rules): each zone names a floor and what it may not import. */
const FLOORS = [
  { target: 'src/web', from: 'src/server', message: 'The browser code never imports the server.' },
  { target: 'src/common', from: ['src/server', 'src/web'], message: 'src/common is shared: it imports neither side.' },
  {
    target: 'src/server/db',
    from: 'src/server',
    except: ['./db'],
    message: 'The database floor is the lowest: it imports nothing of the server above it.',
  },
  {
    target: INFRASTRUCTURE,
    from: ['src/server/modules', 'src/server/render', 'src/server/public-speed', 'src/server/seed', 'src/server/ops'],
    message: 'The floors below the modules (http, storage, journals, ...) know no module; pass what they need in.',
  },
  {
    target: INFRASTRUCTURE,
    from: [ASSEMBLY],
    message: 'The floors below the modules do not import where the server is assembled; pass what they need in.',
  },
  {
    // HttpError (http/errors.ts, no Fastify in it) is the one word of the HTTP floor that storage may use: a file
    // refused for its content is a 400 wherever it is checked (decision 123).
    target: 'src/server/storage',
    from: 'src/server/http',
    except: ['./errors.ts'],
    message: 'Storage lies below the HTTP floor: it knows nothing of requests, forms or answers.',
  },
  {
    target: REPOSITORIES,
    from: [SERVICES, ROUTES, ASSEMBLY],
    message: 'A repository is reached by services; it never imports them or a route.',
  },
  { target: SERVICES, from: [ROUTES, ASSEMBLY], message: 'A service never imports a route or the assembly.' },
  {
    target: ROUTES,
    from: [REPOSITORIES, 'src/server/db/**', ASSEMBLY],
    message: "A route reaches data only through a service of the request's journal (request.site.services).",
  },
  {
    target: ['src/server/!(ops|seed|test)/**', 'src/server/*.ts'],
    from: ['src/server/ops', 'src/server/test'],
    message: 'Operations and the test harness import the server, never the other way round.',
  },
  {
    target: ['src/server/!(ops|seed|test)/**', 'src/server/!(bootstrap).ts'],
    from: ['src/server/seed'],
    message: 'Demo and large data are planted by bootstrap.ts only (SEED_DEMO); nothing else imports the seed.',
  },
  {
    target: 'src/server/seed',
    from: ['src/server/bootstrap.ts'],
    message: 'The seed is planted by bootstrap, not the other way round: a command that needs both lives in scripts/.',
  },
  {
    target: ['src/**'],
    from: TEST_SUPPORT,
    message: 'Code that runs in production never imports tests or their fixtures.',
  },
];

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
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...TEST_SUPPORT, 'src/server/test/**'],
    plugins: { 'import-x': importX },
    settings: {
      // Imports name the .js a .ts file compiles to.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: FLOORS }],
    },
  },
  {
    files: [ROUTES],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='db'], Property[key.name='db']",
          message: "A route reaches data only through a service of the request's journal (request.site.services).",
        },
      ],
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
