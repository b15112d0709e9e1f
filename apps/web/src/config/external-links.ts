import { defineMessage } from 'react-intl';

/**
 * The external shop pages the header links to (spec §1, §2: custom music; loops and templates),
 * opened in a new tab. Placeholders on the reserved `.example` domain until the shop's real
 * addresses are known: change them here, the one place (decision 018).
 */
export const shopLinks = [
  {
    href: 'https://shop.tarab.example/custom-music',
    label: defineMessage({ id: 'shop.customMusic', defaultMessage: 'Custom music' }),
  },
  {
    href: 'https://shop.tarab.example/loops-and-templates',
    label: defineMessage({ id: 'shop.loopsAndTemplates', defaultMessage: 'Loops & templates' }),
  },
] as const;

export type ShopLink = (typeof shopLinks)[number];
