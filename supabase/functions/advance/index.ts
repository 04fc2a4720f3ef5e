// Supabase Edge Function `advance` (Deno): Supabase Cron calls it every second; it advances every
// game whose deadline passed. Deployment: docs/realtime.md, "Cron and the edge function".
import { handlerFromEnv } from "./from-env.ts";

Deno.serve(handlerFromEnv((name) => Deno.env.get(name)));
