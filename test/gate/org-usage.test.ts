// The gate's question to the platform about introduced packages (licenses, where the organization
// already uses them), over loopback HTTP to the emulator: a package is asked for under every spelling
// its ecosystem takes for the same name, so one written otherwise elsewhere is not reported as new.
import { describe, expect, it } from 'vitest';
import { defaultTransport, type Transport } from '../../src/core/transport.js';
import { SEED_DEPLOYMENT } from '../../src/emulator/index.js';
import { lookupOrgUsage } from '../../src/gate/index.js';
import { startTestEmulator } from '../helpers/emulator.js';

describe('lookupOrgUsage', () => {
  const emulator = startTestEmulator();

  async function ask(questions: Parameters<typeof lookupOrgUsage>[1]) {
    const bodies: {
      dependencyFilter?: { packageFilters?: { name?: string; exactNameMatch?: boolean }[] };
    }[] = [];
    const transport: Transport = (url, init) => {
      if (init.body !== undefined && url.includes('/dependencies'))
        bodies.push(JSON.parse(init.body) as never);
      return defaultTransport(url, init);
    };
    const client = (await emulator).client({ transport });
    const answer = await lookupOrgUsage(
      { client, deploymentId: SEED_DEPLOYMENT.id, deploymentSlug: SEED_DEPLOYMENT.slug },
      questions,
    );
    return { answer, bodies };
  }

  it('asks for a PyPI name in every separator spelling, and a Cargo name with - and _', async () => {
    const { bodies } = await ask([
      { ecosystem: 'pypi', name: 'Typing_Extensions', version: '4.12.2', anyVersion: true },
      { ecosystem: 'cargo', name: 'serde-json', version: '1.0.0', anyVersion: false },
      { ecosystem: 'npm', name: 'lodash', version: '4.17.21', anyVersion: true },
    ]);
    expect(bodies).toHaveLength(1);
    const names = bodies[0]!.dependencyFilter!.packageFilters!.map((f) => f.name).sort();
    expect(names).toEqual(
      [
        'typing-extensions',
        'typing.extensions',
        'typing_extensions',
        'serde-json',
        'serde_json',
        'lodash',
      ].sort(),
    );
    expect(bodies[0]!.dependencyFilter!.packageFilters!.every((f) => f.exactNameMatch === true)).toBe(true);
  });

  it('splits the filters, not the packages, at 1,000 per request', async () => {
    // 400 PyPI names of two pieces: 3 spellings each, 1,200 filters: two requests, no package split.
    const questions = Array.from({ length: 400 }, (_, i) => ({
      ecosystem: 'pypi' as const,
      name: `pkg-${i}`,
      version: '1.0',
      anyVersion: true,
    }));
    const { bodies, answer } = await ask(questions);
    expect(bodies.map((b) => b.dependencyFilter!.packageFilters!.length)).toEqual([999, 201]);
    expect(answer.minimumRequests).toBe(2);
  });
});
