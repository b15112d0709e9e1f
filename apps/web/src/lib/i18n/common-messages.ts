import { defineMessages } from 'react-intl';

/**
 * The spec's texts the web app shows on its own (packages/contracts messages.ts `Messages`: titles,
 * toasts, form checks; not errors, which are shown by code, lib/i18n/error-text.ts), as messages of the
 * web app. Their English is the spec's exactly (common-messages.test.ts).
 */
export const commonMessages = defineMessages({
  somethingWentWrong: { id: 'common.somethingWentWrong', defaultMessage: 'Something went wrong' },
  somethingWentWrongSentence: { id: 'common.somethingWentWrongSentence', defaultMessage: 'Something went wrong.' },
  registrationFailed: { id: 'common.registrationFailed', defaultMessage: 'Registration failed. Try again.' },
  loginInvalidResponse: { id: 'common.loginInvalidResponse', defaultMessage: 'Login failed: Invalid response' },
  googleLoginFailed: { id: 'common.googleLoginFailed', defaultMessage: 'Google login failed.' },
  paymentOops: { id: 'common.paymentOops', defaultMessage: 'Oops! Something went wrong.' },
  loginToFavorite: { id: 'common.loginToFavorite', defaultMessage: 'Please log in to add tracks to favorites.' },
  trialOncePerCard: { id: 'common.trialOncePerCard', defaultMessage: 'One free trial per customer and card.' },
  subscriptionCreated: { id: 'common.subscriptionCreated', defaultMessage: 'Subscription Created.' },
  unsubscribed: { id: 'common.unsubscribed', defaultMessage: 'User unsubcribed Succesfully.' },
  trackRemovedFromFavorites: {
    id: 'common.trackRemovedFromFavorites',
    defaultMessage: 'Track removed from favorites.',
  },
  trackAddedToPlaylist: { id: 'common.trackAddedToPlaylist', defaultMessage: 'Track added to playlist successfully!' },
  trackAddedToFavorites: { id: 'common.trackAddedToFavorites', defaultMessage: 'Track added to favorites.' },
  playlistNameEmptySentence: {
    id: 'common.playlistNameEmptySentence',
    defaultMessage: 'Playlist name cannot be empty.',
  },
  playlistCreated: { id: 'common.playlistCreated', defaultMessage: 'Playlist created successfully!' },
  passwordsDoNotMatch: { id: 'common.passwordsDoNotMatch', defaultMessage: 'Passwords do not match!' },
  noTrialWithoutCard: {
    id: 'common.noTrialWithoutCard',
    defaultMessage: 'No free trial this time: it needs a card. Your first payment was charged today.',
  },
  noTrialCardHadTrial: {
    id: 'common.noTrialCardHadTrial',
    defaultMessage: 'No free trial this time: this card has already had one. Your first payment was charged today.',
  },
  noTrialAccountHadSubscription: {
    id: 'common.noTrialAccountHadSubscription',
    defaultMessage:
      'No free trial this time: the trial is for a first subscription only. Your first payment was charged today.',
  },
  noTokenFound: { id: 'common.noTokenFound', defaultMessage: 'No token found' },
  noMusicFound: { id: 'common.noMusicFound', defaultMessage: 'No music found.' },
  logoutFailedToast: { id: 'common.logoutFailedToast', defaultMessage: 'Logout failed. Try again.' },
  loggedOut: { id: 'common.loggedOut', defaultMessage: 'Logged out successfully!' },
  loggedInWithGoogle: { id: 'common.loggedInWithGoogle', defaultMessage: 'Logged in with Google!' },
  loggedIn: { id: 'common.loggedIn', defaultMessage: 'Logged in successfully!' },
  googleLinked: { id: 'common.googleLinked', defaultMessage: 'Google sign-in is linked to your account.' },
  fillAllFields: { id: 'common.fillAllFields', defaultMessage: 'Please fill in all fields.' },
  failedToCreatePlaylist: { id: 'common.failedToCreatePlaylist', defaultMessage: 'Failed to create playlist' },
  downloadedFromSubscription: {
    id: 'common.downloadedFromSubscription',
    defaultMessage: 'Music | loop downloaded successfully',
  },
  accountCreated: { id: 'common.accountCreated', defaultMessage: 'Account created successfully!' },
  noTrialEmailNotVerified: {
    id: 'common.noTrialEmailNotVerified',
    defaultMessage:
      'No free trial this time: confirm your email first to get one. Your first payment was charged today.',
  },
});
