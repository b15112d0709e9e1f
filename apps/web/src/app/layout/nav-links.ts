import { paths } from '@/config/paths';

export type NavItem = { to: string; label: string; end?: boolean };

/** The header links of spec §2; Sales only for a logged-in artist, Console only for an admin (issue 22). */
export function getHeaderLinks({
  showSales,
  showConsole = false,
}: {
  showSales: boolean;
  showConsole?: boolean;
}): NavItem[] {
  const links: NavItem[] = [
    { to: paths.home.getHref(), label: 'Home', end: true },
    { to: paths.music.getHref(), label: 'Music' },
    { to: paths.loops.getHref(), label: 'Loops & tracks' },
    { to: paths.albums.getHref(), label: 'Albums' },
    { to: paths.artists.getHref(), label: 'Artists' },
    { to: paths.saved.getHref(), label: 'Downloads' },
    { to: paths.subscriptionPlan.getHref(), label: 'Subscriptions' },
  ];
  if (showSales) links.push({ to: paths.artistAnalytics.getHref(), label: 'Sales' });
  if (showConsole) links.push({ to: paths.admin.getHref(), label: 'Console' });
  return links;
}

export type FooterGroup = { title: string; links: NavItem[] };

/** The footer links of spec §2 (Explore Tracks points at the loops library). */
export const footerGroups: FooterGroup[] = [
  {
    title: 'Explore',
    links: [
      { to: paths.loops.getHref(), label: 'Explore Tracks' },
      { to: paths.albums.getHref(), label: 'Albums' },
      { to: paths.artists.getHref(), label: 'Artists' },
      { to: paths.pricing.getHref(), label: 'Pricing' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: paths.aboutUs.getHref(), label: 'About us' },
      { to: paths.faqs.getHref(), label: 'FAQs' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: paths.salesAgreement.getHref(), label: 'Sales agreement' },
      { to: paths.termsOfUse.getHref(), label: 'Terms of use' },
      { to: paths.copyright.getHref(), label: 'Copyright' },
      { to: paths.privacyPolicy.getHref(), label: 'Privacy policy' },
    ],
  },
];
