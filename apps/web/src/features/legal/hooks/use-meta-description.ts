import { createContext, useContext, useEffect } from 'react';

/**
 * Build-time prerendering (src/entry-prerender.tsx) provides one: the page's description is
 * written into the prerendered HTML's `<meta name="description">` (effects do not run there).
 */
export const PrerenderHeadContext = createContext<{ description?: string } | null>(null);

/**
 * Sets the page's `<meta name="description">` while the page is shown and restores the
 * previous text when it leaves (index.html carries the site-wide default).
 */
export function useMetaDescription(content: string | undefined): void {
  const prerenderHead = useContext(PrerenderHeadContext);
  if (prerenderHead && content) prerenderHead.description = content;
  useEffect(() => {
    if (!content) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = content;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [content]);
}
