import { describe, expect, it } from 'vitest';
import { documentTexts, prerenderPages, render } from '../entry-prerender';
import { arabic } from '@/testing/arabic-catalogue';

/** Issue #32 item 8: "طرب" in every Arabic tab title, the prerendered HTML's as well as the app's. */
describe('Arabic page titles', () => {
  it('names the store طرب, never Tarab, in every Arabic page-title message', () => {
    const titles = Object.entries(arabic).filter(([id]) => /(^document\.|[.]pageTitle$)/.test(id));
    expect(titles.length).toBeGreaterThanOrEqual(4);
    for (const [id, message] of titles) {
      const text = JSON.stringify(message);
      expect(text, id).toContain('طرب');
      expect(text, id).not.toMatch(/Tarab/);
    }
  });

  it("gives index.html's Arabic title طرب (every /ar/ page before its own title)", async () => {
    expect((await documentTexts('ar')).title).toMatch(/^طرب — /);
  });

  it.each(prerenderPages.map((page) => [page.path] as const))(
    'prerenders /ar%s with a title that names طرب',
    async (path) => {
      const { markup } = await render(path, 'ar');
      const title = /<title>([^<]*)<\/title>/.exec(markup)?.[1];
      // A page with no <title> of its own keeps index.html's (checked above).
      if (title === undefined) return;
      expect(title).toContain('طرب');
      expect(title).not.toContain('Tarab');
    },
  );
});
