-- Supabase only: every second, pg_cron calls the `advance` edge function through pg_net, which
-- runs advanceDue(now) (idempotent, so overlapping calls are harmless). Everywhere else (PGlite,
-- plain Postgres) this file is a no-op: the embedded server runs an in-process timer instead.
--
-- Setup on Supabase (once, in the SQL editor; secrets stay out of migrations):
--   select vault.create_secret('https://<project-ref>.supabase.co', 'masoi_project_url');
--   select vault.create_secret('<random secret>', 'masoi_cron_secret');
-- and give the edge function the same secret (`supabase secrets set MASOI_CRON_SECRET=...`); it
-- must reject calls without `Authorization: Bearer <that secret>`.
do $migration$
begin
  if to_regrole('supabase_admin') is null
     or not exists (select 1 from pg_available_extensions where name = 'pg_cron')
     or not exists (select 1 from pg_available_extensions where name = 'pg_net') then
    raise notice 'pg_cron/pg_net not available: phase advance is scheduled in-process instead';
    return;
  end if;

  create extension if not exists pg_cron;
  create extension if not exists pg_net;

  -- Dynamic SQL: the cron schema does not exist when this block is parsed elsewhere.
  execute $sql$
    select cron.schedule(
      'masoi-advance',
      '1 seconds',
      $job$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'masoi_project_url')
                 || '/functions/v1/advance',
          headers := jsonb_build_object(
            'Content-Type', 'application/json',
            'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'masoi_cron_secret')
          ),
          body := '{}'::jsonb,
          timeout_milliseconds := 5000
        )
      $job$
    )
  $sql$;

  -- A job every second writes 86 400 history rows a day: keep one day.
  execute $sql$
    select cron.schedule(
      'masoi-cron-history-cleanup',
      '17 3 * * *',
      $job$ delete from cron.job_run_details where end_time < now() - interval '1 day' $job$
    )
  $sql$;
end
$migration$;
