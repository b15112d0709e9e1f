/**
 * In-process notice that the catalog changed (a track published, edited or withdrawn), so caches
 * of catalog answers can drop what they hold. Other server instances see the change when their
 * caches expire (10–30 s, decision 011).
 */
export interface CatalogEvents {
  onChange(listener: () => void): void;
  changed(): void;
}

export function createCatalogEvents(): CatalogEvents {
  const listeners: (() => void)[] = [];
  return {
    onChange: (listener) => listeners.push(listener),
    changed: () => listeners.forEach((listener) => listener()),
  };
}
