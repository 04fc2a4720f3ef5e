// One Node for the project (issue 27): `engines`, `.nvmrc`, `.node-version` and the `node`
// dev dependency agree, and the README's commands and CI fetch exactly that Node to run npm on.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const pkg = JSON.parse(read("package.json")) as { engines: { node: string }; devDependencies: Record<string, string> };

it("the README's commands and CI run npm on the Node 24 the project pins", () => {
  const node = pkg.devDependencies.node;
  const major = node.split(".")[0];
  expect(major).toBe("24");
  expect(pkg.engines.node).toBe(`${major}.x`);
  for (const file of [".nvmrc", ".node-version"]) expect(read(file).trim(), file).toBe(major);
  const readme = read("README.md");
  for (const script of ["start", "test"]) expect(readme).toContain(`npx -y -p node@${node} -c "npm install && npm ${script}"`);
  expect(readme.match(/node@[0-9.]+/g)?.every((v) => v === `node@${node}`)).toBe(true);
  expect(read(".ci/run")).toContain(`npx -y -p node@${node} -c 'npm ci --no-audit --no-fund'`);
});
