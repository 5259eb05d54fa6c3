import { describe, expect, it } from 'vitest';
import { costByTag, tagUsage, type TProjectDesign } from './insights';

const shop: TProjectDesign = {
  id: 'p1',
  name: 'shop',
  design: {
    tags: { team: 'web' },
    components: [
      {
        id: 'a',
        service: 'aws.s3',
        name: 'files',
        properties: {},
        tags: { 'cost-center': 'finance' },
      },
      { id: 'b', service: 'aws.vm', name: 'api', properties: {}, tags: { team: 'api' } },
    ],
  },
};

describe('where tags are used', () => {
  it('counts components (with design defaults) and assets per value', () => {
    const [cost, team] = tagUsage([shop], [{ tags: { team: 'web' } }]);
    expect(cost).toMatchObject({ key: 'cost-center', components: 1, assets: 0 });
    expect(team?.values).toEqual([
      { value: 'api', components: 1, assets: 0 },
      { value: 'web', components: 1, assets: 1 },
    ]);
    expect(team?.projects).toEqual([
      { id: 'p1', name: 'shop', components: ['files', 'api'], isDefault: true },
    ]);
  });
});

describe('cost by tag', () => {
  it('adds each component to the value it carries, untagged ones to null', () => {
    const rows = costByTag(
      [
        {
          ...shop,
          totals: new Map([
            ['a', 10.1],
            ['b', 20.2],
          ]),
        },
      ],
      'cost-center',
    );
    expect(rows.map((r) => [r.value, r.monthly, r.components])).toEqual([
      [null, 20.2, 1],
      ['finance', 10.1, 1],
    ]);
  });
});
