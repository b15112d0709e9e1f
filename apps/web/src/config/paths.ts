/**
 * The one route table of the web app (spec §2). Every link and every route uses it:
 * `path` is the router pattern, `getHref` builds a concrete link.
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
  home: { path: '/', getHref: () => '/' },
  music: { path: '/music', getHref: () => '/music' },
  musicDetails: {
    path: '/music/details/:id',
    getHref: (
      categoryId: string | number,
      query: { title?: string; image?: string; bgColor?: string; type?: string } = {},
    ) => withQuery(`/music/details/${id(categoryId)}`, query),
  },
  loops: { path: '/loops', getHref: () => '/loops' },
  /** How to load the tuning files (.scl/.kbm) in common synths (issue 18). */
  tuningHelp: { path: '/tuning', getHref: () => '/tuning' },
  albums: { path: '/album', getHref: () => '/album' },
  albumDetail: {
    path: '/album/detail/:id',
    getHref: (albumId: string | number) => `/album/detail/${id(albumId)}`,
  },
  artists: { path: '/artists', getHref: () => '/artists' },
  artistDetail: {
    path: '/artist/detail/:id',
    getHref: (artistId: string | number) => `/artist/detail/${id(artistId)}`,
  },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  /** A playlist shared by its owner: unlisted, read-only (`/p/{token}`). */
  sharedPlaylist: { path: '/p/:token', getHref: (token: string) => `/p/${encodeURIComponent(token)}` },
  /** Public check of a licence key (the certificate's QR code opens it). */
  verify: { path: '/verify/:key', getHref: (key: string) => `/verify/${encodeURIComponent(key)}` },
  /** The Enterprise plan's "Request a quote" form. */
  enterprise: { path: '/enterprise', getHref: () => '/enterprise' },
  auth: {
    login: { path: '/auth/login', getHref: () => '/auth/login' },
    signUp: { path: '/auth/sign-up', getHref: () => '/auth/sign-up' },
    /** Links in emails carry `?token=` (issue 17). */
    verifyEmail: { path: '/auth/verify-email', getHref: () => '/auth/verify-email' },
    forgotPassword: { path: '/auth/forgot-password', getHref: () => '/auth/forgot-password' },
    resetPassword: { path: '/auth/reset-password', getHref: () => '/auth/reset-password' },
    /** The link mailed to the current address of an account without a password (issue #31). */
    confirmEmailChange: { path: '/auth/confirm-email-change', getHref: () => '/auth/confirm-email-change' },
  },
  savedDetails: {
    path: '/saved/details/:id',
    getHref: (playlistId: string | number, query: { title?: string; name?: string; tracks?: number } = {}) =>
      withQuery(`/saved/details/${id(playlistId)}`, query),
  },
  success: {
    path: '/success',
    getHref: (query: { session_id?: string; music_id?: string | number; price?: string } = {}) =>
      withQuery('/success', query),
  },
  /** The result of licensing a whole playlist in one checkout (decision 036). */
  successPlaylist: {
    path: '/success/playlist',
    getHref: (sessionId: string) => withQuery('/success/playlist', { session_id: sessionId }),
  },
  salesAgreement: { path: '/sales-agreement', getHref: () => '/sales-agreement' },
  termsOfUse: { path: '/terms-of-use', getHref: () => '/terms-of-use' },
  faqs: { path: '/faqs', getHref: () => '/faqs' },
  copyright: { path: '/copyright', getHref: () => '/copyright' },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  aboutUs: { path: '/Aboutus', getHref: () => '/Aboutus' },

  // Login-only (spec §2: unauthenticated users are sent to /auth/login)
  saved: { path: '/savedPage', getHref: () => '/savedPage' },
  subscriptionPlan: { path: '/subscription-plan', getHref: () => '/subscription-plan' },
  stripeCheckout: { path: '/stripe-checkout', getHref: () => '/stripe-checkout' },
  /** Test-mode checkout page of the `local` payment driver (the server's checkout_url). */
  localCheckout: { path: '/checkout/local/:id', getHref: (sessionId: string) => `/checkout/local/${id(sessionId)}` },
  profile: { path: '/profile', getHref: () => '/profile' },
  artistAnalytics: { path: '/artist-analytics', getHref: () => '/artist-analytics' },
  /** The operator console (issue 22): admins only (the server refuses its API to anyone else). */
  admin: {
    path: '/admin',
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
