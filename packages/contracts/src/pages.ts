import { stripLocale } from './locales.js';

/**
 * The web app's pages: the router patterns of spec §2's route table and the store's own pages, in
 * one place (issue #32). The web's route table (`apps/web/src/config/paths.ts`) takes each `path`
 * from here and its router mounts exactly these; the server answers a path none of them matches
 * with HTTP 404 (and the app's friendly not-found page), so a new page is added here first.
 *
 * Patterns as React Router reads them: `:name` is one non-empty segment; matching ignores case and a
 * trailing slash (the router's defaults).
 */
export const pagePatterns = {
  home: '/',
  music: '/music',
  musicDetails: '/music/details/:id',
  /** A track's or loop's own page (issue #32): linkable, shareable, prerendered for search engines. */
  track: '/track/:id',
  loops: '/loops',
  tuningHelp: '/tuning',
  albums: '/album',
  albumDetail: '/album/detail/:id',
  artists: '/artists',
  artistDetail: '/artist/detail/:id',
  pricing: '/pricing',
  sharedPlaylist: '/p/:token',
  /** The licence check's form (type a key), and its answer for one key. */
  verifyForm: '/verify',
  verify: '/verify/:key',
  enterprise: '/enterprise',
  login: '/auth/login',
  signUp: '/auth/sign-up',
  verifyEmail: '/auth/verify-email',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  confirmEmailChange: '/auth/confirm-email-change',
  savedDetails: '/saved/details/:id',
  success: '/success',
  successPlaylist: '/success/playlist',
  salesAgreement: '/sales-agreement',
  termsOfUse: '/terms-of-use',
  faqs: '/faqs',
  copyright: '/copyright',
  privacyPolicy: '/privacy-policy',
  aboutUs: '/Aboutus',
  saved: '/savedPage',
  subscriptionPlan: '/subscription-plan',
  stripeCheckout: '/stripe-checkout',
  localCheckout: '/checkout/local/:id',
  profile: '/profile',
  artistAnalytics: '/artist-analytics',
  admin: '/admin',
} as const;

export type PageName = keyof typeof pagePatterns;

/** Every page pattern, for the router's completeness check and the server's matcher. */
export const pagePatternList: readonly string[] = Object.values(pagePatterns);

const segmentsOf = (path: string): string[] => path.split('/').filter((s) => s !== '');

const compiled = pagePatternList.map((pattern) => segmentsOf(pattern.toLowerCase()));

/** Whether path segments (decoded, lower case) fit a pattern's: a `:param` takes any one segment. */
function matches(pattern: string[], segments: string[]): boolean {
  if (pattern.length !== segments.length) return false;
  return pattern.every((part, i) => part.startsWith(':') || part === segments[i]);
}

/**
 * Whether a URL path (without its query; in either language: `/ar/…` too) is one of the app's
 * pages, as the web router would match it: case-insensitive, trailing slashes ignored, a `:param`
 * any one segment. `/album/detail/12` and `/ar/Music/` are pages; `/nope`, `/music/x` are not.
 */
export function isPagePath(pathname: string): boolean {
  const bare = stripLocale(pathname.split(/[?#]/, 1)[0] || '/');
  const segments = segmentsOf(bare).map((segment) => {
    try {
      return decodeURIComponent(segment).toLowerCase();
    } catch {
      return segment.toLowerCase();
    }
  });
  return compiled.some((pattern) => matches(pattern, segments));
}
