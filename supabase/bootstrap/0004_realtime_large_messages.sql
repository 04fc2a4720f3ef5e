-- Embedded shim of Supabase's realtime.send, now that messages carry events (migration
-- 0036_event_deliveries): NOTIFY payloads are limited to 8000 bytes, so a larger message is stored
-- in realtime.messages (as Supabase stores every broadcast) and the notification carries its id;
-- the Node process reads it back once and relays it (lib/realtime/hub.ts). Stored messages older
-- than a minute are removed on the way: a listener reads a message right after its commit.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql volatile
as $$
declare
  v_text text := json_build_object('topic', topic, 'event', event, 'payload', payload, 'private', private)::text;
  v_id uuid;
begin
  if octet_length(v_text) <= 7900 then
    perform pg_notify('realtime', v_text);
    return;
  end if;
  delete from realtime.messages m where m.extension = 'masoi-large' and m.inserted_at < now() - interval '1 minute';
  insert into realtime.messages (topic, extension, payload, event, private)
  values (topic, 'masoi-large', payload, event, private)
  returning id into v_id;
  perform pg_notify('realtime', json_build_object('topic', topic, 'event', event, 'ref', v_id)::text);
end
$$;
revoke execute on function realtime.send(jsonb, text, text, boolean) from public;
grant execute on function realtime.send(jsonb, text, text, boolean) to service_role;
