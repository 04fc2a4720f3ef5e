-- Supabase only, beside 0100: every hour pg_cron forgets the stored action replies of games that
-- ended more than a day ago (0046). Where 0100 did not install pg_cron this is a no-op: the
-- in-process scheduler's housekeeping does it instead (lib/server/housekeeping.ts).
do $migration$
begin
  if to_regnamespace('cron') is null then
    raise notice 'pg_cron not installed: stored action replies are forgotten in-process instead';
    return;
  end if;
  -- Dynamic SQL: the cron schema does not exist when this block is parsed elsewhere.
  execute $sql$
    select cron.schedule(
      'masoi-action-request-retention',
      '23 * * * *',
      $job$ select app.forget_action_requests() $job$
    )
  $sql$;
end
$migration$;
