// The project's own rules: TypeScript, React hooks and the layer boundaries of docs/architecture.md
// (routes → web → domain → lib; imports only go down). The rules are the syntactic ones: the
// type-aware set made the lint several times slower on two cores.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Import specifiers that reach `app/<folder>`, through the `~/` alias or a relative path. */
const layer = (folder) => [
  `~/${folder}`,
  `~/${folder}/**`,
  `../${folder}`,
  `../${folder}/**`,
  `../../${folder}`,
  `../../${folder}/**`,
  `../../../${folder}/**`,
];

/** tools/ (the PayPal emulator, the mail catcher) from anywhere under app/: test and demo tools the shop never runs. */
const TOOLS = {
  group: ["../tools", "../tools/**", "../../tools", "../../tools/**", "../../../tools", "../../../tools/**", "../../../../tools", "../../../../tools/**"],
  message: "The shop does not import tools/: the PayPal emulator and the mail catcher are test and demo tools (docs/architecture.md).",
};

const boundary = (from, folders, extra = {}) => ({
  patterns: [
    { group: folders.flatMap(layer), message: `${from} does not import from this layer: imports go routes → web → domain → lib (docs/architecture.md).` },
    TOOLS,
    ...(extra.patterns ?? []),
  ],
  paths: extra.paths ?? [],
});

const DB_SINGLETON = {
  name: "~/lib/db.server",
  allowTypeImports: true,
  message: "Domain functions take the db or a transaction as their first argument; the caller passes the shared db (docs/architecture.md).",
};

const REMIX_IN_DOMAIN = ["@remix-run/node", "@remix-run/react", "@remix-run/server-runtime", "remix-auth"].map((name) => ({
  name,
  message: "Requests, responses, cookies and sessions belong to app/web; domain functions take plain values (docs/architecture.md).",
}));

// The domain never sees HTTP: a handler in app/web reads the request and answers it.
const NO_HTTP_IN_DOMAIN = [
  {
    selector: "TSTypeReference > Identifier[name=/^(Request|Response|Headers|FormData)$/]",
    message: "Request-side types belong to app/web (docs/architecture.md).",
  },
  { selector: "NewExpression > Identifier.callee[name=/^(Request|Response|Headers)$/]", message: "Responses are built in app/web (docs/architecture.md)." },
];

// Lean pages never hydrate (app/lib/lean-page.ts): an event handler or a state hook in their
// components renders without an error and then does nothing. Their browser side is a behaviour.
const BROWSER_ONLY_HOOKS = "useState|useReducer|useEffect|useLayoutEffect|useInsertionEffect|useRef|useSyncExternalStore|useTransition|useFetcher|useSubmit";
const NOTHING_RUNS_ON_LEAN_PAGES = [
  {
    selector: "JSXAttribute > JSXIdentifier.name[name=/^on[A-Z]/]",
    message:
      "A lean page never hydrates, so this handler would never run: enhance the markup with a behaviour (app/browser/behaviors, attached by a data attribute) instead (docs/architecture.md).",
  },
  {
    selector: `CallExpression > Identifier.callee[name=/^(${BROWSER_ONLY_HOOKS})$/], CallExpression > MemberExpression.callee > Identifier.property[name=/^(${BROWSER_ONLY_HOOKS})$/]`,
    message:
      "A lean page never hydrates, so this hook's state or effect would never run in the browser: use a behaviour (app/browser/behaviors) instead (docs/architecture.md).",
  },
];

const SERVER_FILES = {
  group: ["**/*.server", "**/*.server.*"],
  allowTypeImports: true,
  message: "Browser code never imports a .server file (types only).",
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "node_modules/**",
      "tests/.tmp/**",
      "tests/.tmp-*/**",
      "data/**",
      ".cache/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A leading underscore marks a value left out on purpose (a destructured field, a callback argument).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Small units: a file under app/ is read in one sitting, a function on one screen or two.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.{ts,js,mjs}", "tools/**/*.ts", "db/seed/**/*.ts"],
    rules: {
      "max-lines-per-function": ["error", { max: 120 }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "max-lines": ["error", { max: 500 }] },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: {
      "@typescript-eslint/no-require-imports": "off",
      // `const crypto = require("node:crypto")` is the usual way to load a built-in module.
      "no-redeclare": ["error", { builtinGlobals: false }],
    },
  },
  {
    // Migrations take Kysely<any> so they never depend on today's schema types.
    files: ["db/migrations/**", "db/migrate.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Tests read third-party JSON (PayPal, the mail catcher) without declaring its whole shape.
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.{jsx,tsx}", "app/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },

  // Layer boundaries. A later block for the same file replaces the rule's options of an earlier one,
  // so every block below carries TOOLS through boundary(); this first one covers routes and the root files.
  {
    files: ["app/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [TOOLS] }] },
  },
  {
    files: ["app/lib/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", boundary("app/lib", ["domain", "web", "routes", "components", "browser"])] },
  },
  {
    files: ["app/domain/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        boundary("app/domain", ["web", "routes", "components", "browser"], { paths: [DB_SINGLETON, ...REMIX_IN_DOMAIN] }),
      ],
      "no-restricted-syntax": ["error", ...NO_HTTP_IN_DOMAIN],
    },
  },
  {
    files: ["app/web/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", boundary("app/web", ["routes", "components", "browser"])] },
  },
  {
    files: ["app/components/**", "app/browser/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", boundary("Browser code", ["routes", "web"], { patterns: [SERVER_FILES] })],
    },
  },
  {
    // What only lean pages render: the shopper's routes and components. Not the admin's (a React
    // app), nor the root and the chrome's hooks that run only once the admin has hydrated.
    files: ["app/routes/**/*.tsx", "app/components/**/*.{ts,tsx}"],
    ignores: ["app/routes/admin*", "app/components/admin/**", "app/components/ui/use-behaviors.ts", "app/components/ui/toaster.tsx"],
    rules: { "no-restricted-syntax": ["error", ...NOTHING_RUNS_ON_LEAN_PAGES] },
  },
  {
    // The seed and the migrations are read by scripts, never the other way round.
    files: ["db/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["../scripts", "../scripts/**", "../../scripts", "../../scripts/**", "../tools", "../tools/**", "../../tools", "../../tools/**"],
              message: "db/ does not import command-line scripts or tools.",
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations are frozen in time: they never import app code.
    files: ["db/migrations/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/**", "../../app/**", "../../scripts/**", "../../tools/**", "../seed*", "../seed/**"],
              message: "A migration never imports app code, so it stays frozen in time.",
            },
          ],
        },
      ],
    },
  },
);
