// Vercel function: the relay's scheduled run (vercel.json's cron calls GET /api/relay every 5 minutes).
// Web-standard handler: Vercel invokes `GET(request)` and sends back the Response. The run stops
// starting messages after 45 s (DEPGATE_RELAY_DEADLINE), below the function's 60 s maximum duration.
import { FUNCTION_DEADLINE_MS, handleScheduledRun } from '../src/relay/index.js';

export function GET(request: Request): Promise<Response> {
  return handleScheduledRun(request, process.env, { defaultDeadlineMs: FUNCTION_DEADLINE_MS });
}
