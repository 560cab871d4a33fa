// Vercel function: signed notification pushes (POST /api/webhook), relayed through the same
// claim-send-mark path as the scheduled run. Web-standard handler: Vercel invokes `POST(request)`.
import { FUNCTION_DEADLINE_MS, handlePush } from '../src/relay/index.js';

export function POST(request: Request): Promise<Response> {
  return handlePush(request, process.env, { defaultDeadlineMs: FUNCTION_DEADLINE_MS });
}
