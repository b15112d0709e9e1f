import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@/lib/i18n/i18n-provider';
import { parseMarkdown } from '../lib/compile-markdown';
import { LegalDocument } from './legal-document';

const source = parseMarkdown(
  [
    '---',
    'title: Terms of Use',
    'eyebrow: Legal',
    'description: The rules.',
    'updated_label: Terms updated',
    'updated: 2024-06-24',
    '---',
    'Intro with a [link to privacy](/privacy-policy).',
    '## 1. Acceptance',
    'By using Tarab you agree.',
    '## 2. Refunds',
    'Within **14 calendar days**.',
    '## 3. Governing law',
    'Israel.',
  ].join('\n'),
);

/** A controllable IntersectionObserver: tests say which sections cross the reading band. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  elements: Element[] = [];
  constructor(
    public callback: IntersectionObserverCallback,
    public options?: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  unobserve() {}
  disconnect() {
    this.elements = [];
  }
  takeRecords() {
    return [];
  }
  /** Reports the given ids as intersecting and all the others as not. */
  show(...ids: string[]) {
    const entries = this.elements.map(
      (target) => ({ target, isIntersecting: ids.includes(target.id) }) as IntersectionObserverEntry,
    );
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

function renderDocument(props: { pageSource?: string } = {}, path = '/terms-of-use') {
  const router = createMemoryRouter(
    [
      {
        path: '/terms-of-use',
        element: (
          <LegalDocument
            source={source}
            {...(props.pageSource ? { pageSource: parseMarkdown(props.pageSource) } : {})}
          />
        ),
      },
      { path: '/privacy-policy', element: <h1>Privacy page</h1> },
    ],
    { initialEntries: [path] },
  );
  // The page's texts come from react-intl (English here, decision 045).
  return render(
    <I18nProvider>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

const scrollIntoView = vi.fn();

beforeEach(() => {
  FakeObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  scrollIntoView.mockReset();
  Element.prototype.scrollIntoView = scrollIntoView;
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  document.head.querySelector('meta[name="description"]')?.remove();
});

/** The mobile panel is hidden while closed, so the one visible index is the desktop column. */
const desktopIndex = () => screen.getByRole('navigation', { name: 'On this page' });

describe('LegalDocument', () => {
  it('renders the title, date line, intro and numbered sections', () => {
    renderDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeInTheDocument();
    expect(screen.getByTestId('document-date')).toHaveTextContent('Terms updated 24 June 2024');
    expect(screen.getByText('24 June 2024')).toHaveAttribute('datetime', '2024-06-24');
    expect(screen.getByRole('link', { name: 'link to privacy' })).toHaveAttribute('href', '/privacy-policy');

    const headings = screen
      .getAllByRole('heading', { level: 2 })
      .filter((heading) => heading.hasAttribute('data-section-heading'));
    expect(headings.map((heading) => heading.textContent)).toEqual(['1. Acceptance', '2. Refunds', '3. Governing law']);
    expect(screen.getAllByTestId('document-section').map((section) => section.id)).toEqual([
      'acceptance',
      'refunds',
      'governing-law',
    ]);
    expect(screen.getByText('14 calendar days').tagName).toBe('STRONG');
  });

  it('sets the meta description while shown and restores the previous one after', () => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'Site default';
    document.head.append(meta);
    const { unmount } = renderDocument();
    expect(meta.content).toBe('The rules.');
    unmount();
    expect(meta.content).toBe('Site default');
  });

  it('takes the page title and description from pageSource (the /faqs page)', () => {
    renderDocument({ pageSource: '---\ntitle: FAQs\neyebrow: Help\ndescription: Answers.\n---\n' });
    expect(screen.getByRole('heading', { level: 1, name: 'FAQs' })).toBeInTheDocument();
    expect(screen.getByText('Answers.')).toBeInTheDocument();
    expect(screen.getAllByTestId('document-section')).toHaveLength(3);
  });

  it('scrolls smoothly to a section from the index, marks it and focuses its heading', async () => {
    mockReducedMotion(false);
    const user = userEvent.setup();
    renderDocument();
    const index = within(desktopIndex());
    expect(index.getByRole('link', { name: '1. Acceptance' })).toHaveAttribute('aria-current', 'location');

    await user.click(index.getByRole('link', { name: '2. Refunds' }));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toHaveProperty('id', 'refunds');
    expect(index.getByRole('link', { name: '2. Refunds' })).toHaveAttribute('aria-current', 'location');
    expect(index.getByRole('link', { name: '1. Acceptance' })).not.toHaveAttribute('aria-current');
    expect(document.activeElement).toHaveTextContent('2. Refunds');
    expect(window.location.hash).toBe('#refunds');
  });

  it('jumps without animation when the reader prefers reduced motion', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    renderDocument();
    await user.click(within(desktopIndex()).getByRole('link', { name: '3. Governing law' }));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });

  it('marks the first section that crosses the reading band as the reader scrolls', () => {
    renderDocument();
    const observer = FakeObserver.instances.at(-1)!;
    expect(observer.elements.map((element) => element.id)).toEqual(['acceptance', 'refunds', 'governing-law']);
    expect(observer.options?.rootMargin).toMatch(/^-\d+px 0px -55% 0px$/);

    observer.show('refunds', 'governing-law');
    const index = within(desktopIndex());
    expect(index.getByRole('link', { name: '2. Refunds' })).toHaveAttribute('aria-current', 'location');
    observer.show('governing-law');
    expect(index.getByRole('link', { name: '3. Governing law' })).toHaveAttribute('aria-current', 'location');
  });

  it('on small screens, a bar shows the current section and opens the index', async () => {
    mockReducedMotion(false);
    const user = userEvent.setup();
    renderDocument();
    const toggle = screen.getByRole('button', { name: /On this page/ });
    expect(toggle).toHaveTextContent('1. Acceptance');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).toBeVisible();
    await user.click(within(panel).getByRole('link', { name: '3. Governing law' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent('3. Governing law');
    expect(panel).not.toBeVisible();

    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('opens a deep link at its section', () => {
    window.history.replaceState(null, '', '/terms-of-use#governing-law');
    renderDocument();
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
    expect(within(desktopIndex()).getByRole('link', { name: '3. Governing law' })).toHaveAttribute(
      'aria-current',
      'location',
    );
  });

  it('works without IntersectionObserver (older browsers, jsdom)', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderDocument();
    expect(screen.getAllByTestId('document-section')).toHaveLength(3);
  });
});
