// The fault tests share the one production-build harness (tests/support/server.ts); this path
// stays for the tests that import the build from here.
export { ensureBuild } from "../../support/server";
