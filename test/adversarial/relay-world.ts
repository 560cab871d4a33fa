// What the relay's adversarial tests share: the platform (the emulator) with notifications the test
// controls, and the environment `depgate relay --once` runs with.
import type { NotificationRecord } from '../../src/emulator/dataset.js';
import { createSeedDataset, SEED_DEPLOYMENT, SEED_TOKENS } from '../../src/emulator/seed.js';
import { startTestEmulator } from '../helpers/emulator.js';

export const HOUR = 3_600_000;

/** A notification as the platform lists it, created `ageMs` ago. */
export function notificationRecord(
  id: string,
  over: Partial<NotificationRecord> = {},
  ageMs = HOUR,
): NotificationRecord {
  return {
    id,
    deploymentId: SEED_DEPLOYMENT.id,
    title: `Finding ${id}`,
    description: `Notification ${id}`,
    severity: 'SEVERITY_ERROR',
    status: 'STATUS_DELIVERED',
    adminOnly: false,
    createdAt: new Date(Date.now() - ageMs).toISOString(),
    link: 'https://github.com/acme/web/pull/1',
    isExternalLink: true,
    linkText: 'View pull request',
    ...over,
  };
}

/**
 * The emulator over loopback with exactly `notifications` unread; the returned list is the one it
 * serves, so a test adds a notification mid-scenario by pushing to it.
 */
export async function startPlatform(notifications: NotificationRecord[]) {
  const dataset = createSeedDataset();
  dataset.notifications = notifications;
  const emulator = await startTestEmulator({ dataset });
  return { url: emulator.url, notifications: dataset.notifications };
}

/** The environment of `depgate relay --once` against `platformUrl`. */
export function relayEnv(platformUrl: string, extra: Record<string, string>): Record<string, string> {
  return {
    DEPGATE_API_URL: platformUrl,
    DEPGATE_API_TOKEN: SEED_TOKENS.api,
    DEPGATE_RELAY_PACE: '0',
    ...extra,
  };
}
