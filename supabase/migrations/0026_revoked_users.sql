-- Sign-out revokes the session, not only the cookie (issue 28 item 7). Identities are anonymous
-- and never signed into again after a sign-out (the next sign-in makes a new user), so revoking
-- the user revokes every token of that session, a copied cookie included. Server-only
-- bookkeeping: no policy, no grant. Rows older than the longest token lifetime (30 days) are dead
-- weight and pruned by the server (lib/auth/revocations.ts).
create table app.revoked_users (
  user_id uuid primary key,
  revoked_at timestamptz not null default now()
);

create index revoked_users_revoked_at_idx on app.revoked_users (revoked_at);

alter table app.revoked_users enable row level security;
revoke all on table app.revoked_users from public, anon, authenticated;
