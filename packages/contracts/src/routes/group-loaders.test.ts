import { describe, expect, it } from 'vitest';
import { routeGroupLoaders } from './group-loaders.js';
import { Api } from './index.js';

describe('routeGroupLoaders', () => {
  it('names every group of the route table, and each loads that group itself', async () => {
    expect(Object.keys(routeGroupLoaders).sort()).toEqual(Object.keys(Api).sort());
    for (const [group, load] of Object.entries(routeGroupLoaders)) {
      expect(await load(), group).toBe(Api[group as keyof typeof Api]);
    }
  });
});
