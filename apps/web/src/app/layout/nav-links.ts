import { defineMessages, type MessageDescriptor } from 'react-intl';
import { paths } from '@/config/paths';

export type NavItem = { to: string; label: MessageDescriptor; end?: boolean };

const m = defineMessages({
  home: { id: 'nav.home', defaultMessage: 'Home' },
  music: { id: 'nav.music', defaultMessage: 'Music' },
  loops: { id: 'nav.loops', defaultMessage: 'Loops & tracks' },
  albums: { id: 'nav.albums', defaultMessage: 'Albums' },
  artists: { id: 'nav.artists', defaultMessage: 'Artists' },
  downloads: { id: 'nav.downloads', defaultMessage: 'Downloads' },
  subscriptions: { id: 'nav.subscriptions', defaultMessage: 'Subscriptions' },
  sales: { id: 'nav.sales', defaultMessage: 'Sales' },
  console: { id: 'nav.console', defaultMessage: 'Console' },
  explore: { id: 'footer.explore', defaultMessage: 'Explore' },
  exploreTracks: { id: 'footer.exploreTracks', defaultMessage: 'Explore Tracks' },
  pricing: { id: 'footer.pricing', defaultMessage: 'Pricing' },
  company: { id: 'footer.company', defaultMessage: 'Company' },
  aboutUs: { id: 'footer.aboutUs', defaultMessage: 'About us' },
  faqs: { id: 'footer.faqs', defaultMessage: 'FAQs' },
  legal: { id: 'footer.legal', defaultMessage: 'Legal' },
  salesAgreement: { id: 'footer.salesAgreement', defaultMessage: 'Sales agreement' },
  termsOfUse: { id: 'footer.termsOfUse', defaultMessage: 'Terms of use' },
  copyright: { id: 'footer.copyright', defaultMessage: 'Copyright' },
  privacyPolicy: { id: 'footer.privacyPolicy', defaultMessage: 'Privacy policy' },
});

/**
 * The header's store links of spec §2. Sales (a logged-in artist) and Console (an operator) are
 * role links, kept apart (`getRoleLinks`): the account menu holds them, so that the header's row
 * fits every role from 1024 to 1440 px (issue #32, decision 058).
 */
export function getHeaderLinks(): NavItem[] {
  return [
    { to: paths.home.getHref(), label: m.home, end: true },
    { to: paths.music.getHref(), label: m.music },
    { to: paths.loops.getHref(), label: m.loops },
    { to: paths.albums.getHref(), label: m.albums },
    { to: paths.artists.getHref(), label: m.artists },
    { to: paths.saved.getHref(), label: m.downloads },
    { to: paths.subscriptionPlan.getHref(), label: m.subscriptions },
  ];
}

/** The role links: Sales only for a logged-in artist (spec §2), Console only for an admin (issue 22). */
export function getRoleLinks({ showSales, showConsole }: { showSales: boolean; showConsole: boolean }): NavItem[] {
  const links: NavItem[] = [];
  if (showSales) links.push({ to: paths.artistAnalytics.getHref(), label: m.sales });
  if (showConsole) links.push({ to: paths.admin.getHref(), label: m.console });
  return links;
}

export type FooterGroup = { title: MessageDescriptor; links: NavItem[] };

/** The footer links of spec §2 (Explore Tracks points at the loops library). */
export const footerGroups: FooterGroup[] = [
  {
    title: m.explore,
    links: [
      { to: paths.loops.getHref(), label: m.exploreTracks },
      { to: paths.albums.getHref(), label: m.albums },
      { to: paths.artists.getHref(), label: m.artists },
      { to: paths.pricing.getHref(), label: m.pricing },
    ],
  },
  {
    title: m.company,
    links: [
      { to: paths.aboutUs.getHref(), label: m.aboutUs },
      { to: paths.faqs.getHref(), label: m.faqs },
    ],
  },
  {
    title: m.legal,
    links: [
      { to: paths.salesAgreement.getHref(), label: m.salesAgreement },
      { to: paths.termsOfUse.getHref(), label: m.termsOfUse },
      { to: paths.copyright.getHref(), label: m.copyright },
      { to: paths.privacyPolicy.getHref(), label: m.privacyPolicy },
    ],
  },
];
