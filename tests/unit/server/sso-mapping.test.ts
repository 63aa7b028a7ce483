// Mapping rules turn a provider's attributes into the portal's roles and claims (server/sso/mapping.ts).
import { describe, expect, it } from 'vitest';
import { mapIdentity } from '../../../server/sso/mapping';
import type { MappingRule } from '../../../server/sso/types';

const rules: MappingRule[] = [
  { attribute: 'groups', equals: 'cx-admins', role: 'PortalAdmin' },
  { attribute: 'groups', equals: 'cx-editors', role: 'SurveyEditor' },
  { attribute: 'region', claim: 'Region' },
];

describe('mapIdentity', () => {
  it('grants every matching role in rule order and a claim per attribute value', () => {
    expect(mapIdentity(rules, 'PortalUser', { attributes: { groups: ['cx-editors', 'cx-admins', 'other'], region: ['North', 'South', 'North'] } })).toEqual({
      role: 'PortalAdmin,SurveyEditor',
      claims: [['Region', 'North'], ['Region', 'South']],
    });
  });

  it('falls back to the default role and no claim when nothing matches', () => {
    expect(mapIdentity(rules, 'PortalUser', { attributes: { groups: ['cx-admins-not'], region: [''] } })).toEqual({ role: 'PortalUser', claims: [] });
    expect(mapIdentity([], 'PortalUser', { attributes: {} })).toEqual({ role: 'PortalUser', claims: [] });
  });

  it('compares values exactly (a group named like another is not it)', () => {
    expect(mapIdentity(rules, 'PortalUser', { attributes: { groups: ['CX-ADMINS', ' cx-admins'] } }).role).toBe('PortalUser');
  });
});
