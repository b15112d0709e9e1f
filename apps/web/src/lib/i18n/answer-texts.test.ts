/**
 * The answers' texts of a translated page (messages.ts): they load alongside the first render, an API
 * answer waits for them, and the page renders again once they are here only if it asked for one too early.
 */
import { describe, expect, it, vi } from 'vitest';

async function freshPage() {
  vi.resetModules();
  const messages = await import('./messages');
  const names = await import('./catalog-names');
  return { ...messages, ...names };
}

describe('the answers’ texts of an Arabic page', () => {
  it('load alongside the first render; a name asked for too early makes the page render again', async () => {
    const page = await freshPage();
    const starting = page.loadMessages('ar');
    expect(page.catalogName('Hijaz', 'ar')).toBe('Hijaz'); // asked for before its text is here
    expect(Object.keys(await starting).length).toBeGreaterThan(10);
    await page.answerTextsReady();
    expect(page.catalogName('Hijaz', 'ar')).toBe('حجاز');
    expect(page.answerTextsVersion()).toBe(1);
  });

  it('do not make the page render again when nothing asked for them early', async () => {
    const page = await freshPage();
    const rendered = vi.fn();
    page.subscribeAnswerTexts(rendered);
    await page.loadMessages('ar');
    await page.answerTextsReady();
    expect(page.catalogName('Hijaz', 'ar')).toBe('حجاز');
    expect(page.answerTextsVersion()).toBe(0);
    expect(rendered).not.toHaveBeenCalled();
  });

  it('are not loaded by English pages', async () => {
    const page = await freshPage();
    expect(await page.loadMessages('en')).toEqual({});
    await page.answerTextsReady();
    expect(page.catalogName('Hijaz', 'en')).toBe('Hijaz');
    expect(page.catalogName('Hijaz', 'ar')).toBe('Hijaz'); // the lexicon was never loaded
  });
});
