import { describe, expect, it } from 'vitest';
import { products } from '../testing/fixtures';
import { toOffer, toPriceCards } from './plans';

describe('plans', () => {
  it('sorts every plan price ascending and leaves quoted plans out', () => {
    expect(toPriceCards(products).map((c) => [c.priceId, c.amount])).toEqual([
      ['creator_month', 1499],
      ['pro_month', 2999],
      ['creator_year', 7188],
      ['pro_year', 14388],
    ]);
  });

  it('gives the monthly equivalent of a yearly price, and quotes Enterprise', () => {
    const [enterprise, pro] = products as [(typeof products)[0], (typeof products)[0]];
    expect(toOffer(pro, 'year')).toMatchObject({ monthly: 1199, billedYearly: 14388, priceId: 'pro_year' });
    expect(toOffer(pro, 'month')).toMatchObject({ monthly: 2999, billedYearly: null, priceId: 'pro_month' });
    expect(toOffer(enterprise, 'year')).toMatchObject({ monthly: null, billedYearly: null, priceId: null });
  });
});
