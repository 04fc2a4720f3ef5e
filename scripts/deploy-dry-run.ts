// `npm run deploy:dry-run`: applies supabase/migrations to a fresh database of a private
// PostgreSQL 15 cluster set up like a new Supabase project (scripts/deploy-dry-run/), as
// `supabase db push` would; exits 1 at the first error. A private cluster because the run adds
// Supabase's roles, and roles are shared by every database of a server.
import { deployDryRun } from "./deploy-dry-run/dry-run";
import { privatePostgresUnavailable, startPrivatePostgres } from "../tests/faults/support/private-postgres";

const unavailable = privatePostgresUnavailable();
if (unavailable) {
  console.error(`deploy dry run: cannot start a private PostgreSQL: ${unavailable}`);
  process.exit(1);
}
const pg = await startPrivatePostgres();
try {
  const { applied } = await deployDryRun({ serverUrl: pg.url, log: (l) => console.log(l) });
  console.log(`deploy dry run passed: ${applied.length} migrations applied`);
} catch (e) {
  console.error(`deploy dry run FAILED: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  pg.destroy();
}
