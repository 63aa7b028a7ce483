import { describe, expect, it } from 'vitest';
import { localiseName } from '../../../server/i18n';

describe('names of the seeded content in German', () => {
  it('translates a known name and keeps any other as it is, prototype names included', () => {
    expect(localiseName('de', 'Overview')).not.toBe('Overview');
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'My own tile']) expect(localiseName('de', name)).toBe(name);
    expect(localiseName('en', 'constructor')).toBe('constructor');
  });
});
