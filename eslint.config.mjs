import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      "bench/out/**",
      ".test-reports/**",
      ".next*/**",
      "generated/**",
      ".data/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "sdks/typescript/dist/**",
    ],
  },
  {
    // Tests and benchmarks hold no React components; `useTestEnv` is a setup function, not a hook.
    files: ["tests/**", "bench/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // Layout is Prettier's (npm run format; checked in lint): no ESLint rule may argue with it.
  prettier,
];

export default config;
