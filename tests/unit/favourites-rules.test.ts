import { describe, expect, it } from 'vitest';
import { describeFilters, splitFavourites, type Favourite } from '../../src/lib/favourites';

const fav = (title: string, created: string, accessed: string | null = null): Favourite => ({ favouritesId: title, moduleId: 'responses', title, description: '', payload: '{}', CreatedAt: created, LastAccessedAt: accessed });

describe('favourites', () => {
  it('lists the five most recently accessed or created first, the rest by lowercase title', () => {
    const list = [
      fav('zeta', '2026-11-01T00:00:00Z'),
      fav('Alpha', '2026-11-02T00:00:00Z'),
      fav('beta', '2026-11-03T00:00:00Z'),
      fav('Gamma', '2026-11-04T00:00:00Z'),
      fav('delta', '2026-11-05T00:00:00Z'),
      fav('Epsilon', '2026-11-06T00:00:00Z'),
      fav('eta', '2026-10-01T00:00:00Z', '2026-11-20T00:00:00Z'),
    ];
    const { recent, rest } = splitFavourites(list);
    expect(recent.map((f) => f.title)).toEqual(['eta', 'Epsilon', 'delta', 'Gamma', 'beta']);
    expect(rest.map((f) => f.title)).toEqual(['Alpha', 'zeta']);
  });

  it("describes the filters as 'name: values; ...' or 'No description'", () => {
    expect(describeFilters([{ name: 'Region', values: ['North', 'South'] }, { name: 'Channel', values: ['Online'] }, { name: 'Store', values: [] }])).toBe('Region: North, South; Channel: Online');
    expect(describeFilters([])).toBe('No description');
  });
});
