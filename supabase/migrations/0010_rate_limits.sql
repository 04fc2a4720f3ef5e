-- Sliding-window rate limits shared by every server instance (S-CHAT-5: at most 5 messages in
-- any 5 s). One row per accepted hit; app.rate_limit_take decides and records in the caller's
-- transaction, so a hit whose action is rolled back does not count.
create table app.rate_limit_hits (
  key text not null,
  at timestamptz not null
);

create index rate_limit_hits_key_at_idx on app.rate_limit_hits (key, at);

alter table app.rate_limit_hits enable row level security;
revoke all on table app.rate_limit_hits from public, anon, authenticated;

-- True (and records a hit) when `key` has fewer than `p_limit` hits in the window ending at
-- `p_now`; false (recording nothing) otherwise. Serialized per key by a transaction lock.
create or replace function app.rate_limit_take(
  p_key text,
  p_limit integer,
  p_window_ms integer,
  p_now timestamptz default clock_timestamp()
) returns boolean
language plpgsql volatile
set search_path = ''
as $$
declare
  since timestamptz := p_now - make_interval(secs => p_window_ms / 1000.0);
  used integer;
begin
  perform pg_advisory_xact_lock(hashtextextended('rate_limit:' || p_key, 0));
  delete from app.rate_limit_hits h where h.key = p_key and h.at <= since;
  select count(*) into used from app.rate_limit_hits h where h.key = p_key and h.at > since;
  if used >= p_limit then
    return false;
  end if;
  insert into app.rate_limit_hits (key, at) values (p_key, p_now);
  return true;
end
$$;

-- Drops hits older than `p_before` for keys never used again (call from advanceDue, say).
create or replace function app.rate_limit_prune(p_before timestamptz) returns integer
language sql volatile
set search_path = ''
as $$
  with gone as (delete from app.rate_limit_hits h where h.at < p_before returning 1)
  select count(*)::integer from gone
$$;

revoke all on function app.rate_limit_take(text, integer, integer, timestamptz) from public;
revoke all on function app.rate_limit_prune(timestamptz) from public;
