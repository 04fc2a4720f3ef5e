-- Who owns Supabase's auth and realtime objects, and what the project's `postgres` may do with
-- them: Realtime's own migrations hand realtime.messages to `supabase_realtime_admin`, of which
-- `postgres` is a member (so projects write the policies of private channels); Supabase grants
-- `postgres` everything on the auth tables (foreign keys to auth.users).
do $$
begin
  if to_regrole('supabase_realtime_admin') is null then
    create role supabase_realtime_admin nologin noreplication;
  end if;
end
$$;
grant supabase_realtime_admin to deploy_owner;
alter schema realtime owner to supabase_realtime_admin;
alter table realtime.messages owner to supabase_realtime_admin;
grant usage on schema auth to deploy_owner;
grant all on all tables in schema auth to deploy_owner;
grant execute on all functions in schema auth to deploy_owner;

-- Supabase lets `postgres` set PostgREST's settings on `authenticator` (its supautils extension
-- allows privileged role settings); plain PostgreSQL 15 says so with a parameter grant.
grant set on parameter "pgrst.db_schemas" to deploy_owner;
