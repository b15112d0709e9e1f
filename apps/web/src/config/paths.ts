import { pagePatterns as page } from '@tarab/contracts/pages';

/**
 * The one route table of the web app (spec §2). Every link and every route uses it:
 * `path` is the router pattern (from `@tarab/contracts/pages`, which the server reads too: a path
 * no pattern matches answers 404), `getHref` builds a concrete link.
 */

type QueryValue = string | number | undefined | null;

/** Appends `?key=value…` for the keys that have a non-empty value. */
function withQuery(pathname: string, query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && String(value) !== '') {
      search.set(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `${pathname}?${text}` : pathname;
}

const id = (value: string | number): string => encodeURIComponent(String(value));

export const paths = {
  home: { path: page.home, getHref: () => '/' },
  music: { path: page.music, getHref: () => '/music' },
  musicDetails: {
    path: page.musicDetails,
    getHref: (
      categoryId: string | number,
      query: { title?: string; image?: string; bgColor?: string; type?: string } = {},
    ) => withQuery(`/music/details/${id(categoryId)}`, query),
  },
  /** A track's or loop's own page (issue #32). */
  track: { path: page.track, getHref: (trackId: string | number) => `/track/${id(trackId)}` },
  loops: { path: page.loops, getHref: () => '/loops' },
  /** How to load the tuning files (.scl/.kbm) in common synths (issue 18). */
  tuningHelp: { path: page.tuningHelp, getHref: () => '/tuning' },
  albums: { path: page.albums, getHref: () => '/album' },
  albumDetail: {
    path: page.albumDetail,
    getHref: (albumId: string | number) => `/album/detail/${id(albumId)}`,
  },
  artists: { path: page.artists, getHref: () => '/artists' },
  artistDetail: {
    path: page.artistDetail,
    getHref: (artistId: string | number) => `/artist/detail/${id(artistId)}`,
  },
  pricing: { path: page.pricing, getHref: () => '/pricing' },
  /** A playlist shared by its owner: unlisted, read-only (`/p/{token}`). */
  sharedPlaylist: { path: page.sharedPlaylist, getHref: (token: string) => `/p/${encodeURIComponent(token)}` },
  /** The licence check's form: type a key, go to its `/verify/{key}`. */
  verifyForm: { path: page.verifyForm, getHref: () => '/verify' },
  /** Public check of a licence key (the certificate's QR code opens it). */
  verify: { path: page.verify, getHref: (key: string) => `/verify/${encodeURIComponent(key)}` },
  /** The Enterprise plan's "Request a quote" form. */
  enterprise: { path: page.enterprise, getHref: () => '/enterprise' },
  auth: {
    login: { path: page.login, getHref: () => '/auth/login' },
    signUp: { path: page.signUp, getHref: () => '/auth/sign-up' },
    /** Links in emails carry `?token=` (issue 17). */
    verifyEmail: { path: page.verifyEmail, getHref: () => '/auth/verify-email' },
    forgotPassword: { path: page.forgotPassword, getHref: () => '/auth/forgot-password' },
    resetPassword: { path: page.resetPassword, getHref: () => '/auth/reset-password' },
    /** The link mailed to the current address of an account without a password (issue #31). */
    confirmEmailChange: { path: page.confirmEmailChange, getHref: () => '/auth/confirm-email-change' },
  },
  savedDetails: {
    path: page.savedDetails,
    getHref: (playlistId: string | number, query: { title?: string; name?: string; tracks?: number } = {}) =>
      withQuery(`/saved/details/${id(playlistId)}`, query),
  },
  success: {
    path: page.success,
    getHref: (query: { session_id?: string; music_id?: string | number; price?: string } = {}) =>
      withQuery('/success', query),
  },
  /** The result of licensing a whole playlist in one checkout (decision 036). */
  successPlaylist: {
    path: page.successPlaylist,
    getHref: (sessionId: string) => withQuery('/success/playlist', { session_id: sessionId }),
  },
  salesAgreement: { path: page.salesAgreement, getHref: () => '/sales-agreement' },
  termsOfUse: { path: page.termsOfUse, getHref: () => '/terms-of-use' },
  faqs: { path: page.faqs, getHref: () => '/faqs' },
  copyright: { path: page.copyright, getHref: () => '/copyright' },
  privacyPolicy: { path: page.privacyPolicy, getHref: () => '/privacy-policy' },
  aboutUs: { path: page.aboutUs, getHref: () => '/Aboutus' },

  // Login-only (spec §2: unauthenticated users are sent to /auth/login)
  saved: { path: page.saved, getHref: () => '/savedPage' },
  subscriptionPlan: { path: page.subscriptionPlan, getHref: () => '/subscription-plan' },
  stripeCheckout: { path: page.stripeCheckout, getHref: () => '/stripe-checkout' },
  /** Test-mode checkout page of the `local` payment driver (the server's checkout_url). */
  localCheckout: { path: page.localCheckout, getHref: (sessionId: string) => `/checkout/local/${id(sessionId)}` },
  profile: { path: page.profile, getHref: () => '/profile' },
  artistAnalytics: { path: page.artistAnalytics, getHref: () => '/artist-analytics' },
  /** The operator console (issue 22): admins only (the server refuses its API to anyone else). */
  admin: {
    path: page.admin,
    getHref: (tab?: 'users' | 'orders' | 'tracks' | 'quotes' | 'audit') => withQuery('/admin', { tab }),
  },
} as const;

/** The routes that need a logged-in user (the guard checks login only, not a role). */
export const loginOnlyPaths = [
  paths.saved.path,
  paths.subscriptionPlan.path,
  paths.stripeCheckout.path,
  paths.localCheckout.path,
  /** The payment result: the order is the buyer's own (decision 018). */
  paths.success.path,
  paths.successPlaylist.path,
  paths.profile.path,
  paths.artistAnalytics.path,
  paths.admin.path,
] as const;
