import { describe, expect, it } from 'vitest';
import { licenseVerdict, type LicensePolicy } from '../../src/policy/index.js';

const deny: LicensePolicy = { deny: ['GPL-3.0-only', 'AGPL-3.0-or-later'], unknown: 'warn' };
const allow: LicensePolicy = { allow: ['MIT', 'Apache-2.0', 'BSD-3-Clause', 'ISC'], unknown: 'warn' };

describe('licenseVerdict', () => {
  it.each([
    [['MIT'], 'allowed'],
    [['GPL-3.0-only'], 'denied'],
    [['GPL-3.0'], 'denied'], // the deprecated id means -only
    [['GPL-3.0+'], 'allowed'], // -or-later is not -only: the user may pick a later version
    [['GPL-3.0-only OR MIT'], 'allowed'], // a way out
    [['(GPL-3.0-only AND MIT) OR AGPL-3.0-or-later'], 'denied'], // every way includes a denied one
    [['MIT', 'GPL-3.0-only'], 'denied'], // entries all apply
    [['GPL-3.0-only WITH GCC-exception-3.1'], 'denied'], // a denied id with an exception is still it
    [[], 'unknown'],
    [['BSD'], 'unknown'],
    [['SEE LICENSE IN LICENSE.md'], 'unknown'],
  ])('deny list: %j is %s', (licenses, status) => {
    expect(licenseVerdict(licenses, deny).status).toBe(status);
  });

  it('names the denied licenses as the package writes them', () => {
    expect(licenseVerdict(['GPL-3.0 OR AGPL-3.0+'], deny)).toEqual({
      status: 'denied',
      denied: ['GPL-3.0', 'AGPL-3.0+'],
    });
  });

  it.each([
    [['MIT'], 'allowed'],
    [['MIT OR GPL-3.0-only'], 'allowed'],
    [['MIT AND GPL-3.0-only'], 'denied'],
    [['(MIT OR Apache-2.0) AND BSD-3-Clause'], 'allowed'],
    [['MIT', 'LGPL-2.1-only'], 'denied'],
    [['nonsense license'], 'unknown'],
  ])('allow list: %j is %s', (licenses, status) => {
    expect(licenseVerdict(licenses, allow).status).toBe(status);
  });

  it('names what is outside the allow list', () => {
    expect(licenseVerdict(['MIT AND GPL-2.0-only'], allow)).toEqual({
      status: 'denied',
      denied: ['GPL-2.0-only'],
    });
  });

  it('a deny entry with an exception denies only that combination', () => {
    const policy: LicensePolicy = { deny: ['GPL-2.0-only WITH Classpath-exception-2.0'], unknown: 'ignore' };
    expect(licenseVerdict(['GPL-2.0-only WITH Classpath-exception-2.0'], policy).status).toBe('denied');
    expect(licenseVerdict(['GPL-2.0-only'], policy).status).toBe('allowed');
  });
});
