-- Bootstrap for PGlite and plain Postgres only: Supabase already has all of this.
-- The API roles PostgREST switches to. On a real Postgres server roles are cluster-wide, so every
-- database on the server shares them: create each only when missing, and tolerate a concurrent
-- creator (two test databases migrating at once).
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    if not exists (select 1 from pg_roles where rolname = r) then
      begin
        execute format('create role %I nologin noinherit', r);
      exception when duplicate_object or unique_violation then
        null;
      end;
    end if;
  end loop;
end
$$;

-- Supabase's service_role bypasses RLS (it is the "server key" role).
do $$
begin
  if not (select rolbypassrls from pg_roles where rolname = 'service_role') then
    alter role service_role bypassrls;
  end if;
exception when insufficient_privilege then
  null;
end
$$;

-- The current user (the owner that runs migrations and server writes) must be able to
-- `set local role` to the API roles, as Supabase's `authenticator` can.
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    if not pg_has_role(current_user, r, 'member') then
      execute format('grant %I to %I', r, current_user);
    end if;
  end loop;
end
$$;
