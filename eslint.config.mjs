import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const impure = [
  { selector: "MemberExpression[object.name='Math'][property.name='random']", message: "lib/game is pure: randomness comes from ctx.rng." },
  { selector: "MemberExpression[object.name='Date'][property.name='now']", message: "lib/game is pure: time comes from ctx.now." },
  { selector: "NewExpression[callee.name='Date']", message: "lib/game is pure: time comes from ctx.now." },
  { selector: "MemberExpression[object.name='performance'][property.name='now']", message: "lib/game is pure: time comes from ctx.now." },
];

const config = [
  { ignores: [".next/**", ".next-*/**", "node_modules/**", ".data/**", "test-results/**", "playwright-report/**", "supabase/functions/**", "next-env.d.ts"] },
  ...nextVitals,
  ...nextTs,
  {
    files: ["lib/game/**/*.ts"],
    ignores: ["lib/game/**/*.test.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...impure],
      "no-restricted-imports": ["error", { patterns: ["node:*", "fs", "net", "http", "crypto", "next", "next/*", "@supabase/*", "@/lib/db/*", "@/lib/server/*", "@/lib/realtime/*", "@/lib/auth/*", "react", "postgres", "@electric-sql/*"] }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
];
export default config;
