import { defineMessages, type MessageDescriptor } from 'react-intl';
import { AccountMessages } from '@tarab/contracts/account-messages';
import { Messages } from '@tarab/contracts/messages';

/**
 * The server's messages (packages/contracts messages.ts, account-messages.ts: the spec's message
 * table, always English on the wire) as messages of the web app, so that Arabic pages show them in
 * Arabic (decision 045). Keyed `server.<key>` / `account.server.<key>`; their English text must be
 * the contracts' text exactly (server-messages.test.ts).
 */
export const serverMessages = defineMessages({
  'server.noTokenFound': { id: 'server.noTokenFound', defaultMessage: 'No token found' },
  'server.logoutFailed': { id: 'server.logoutFailed', defaultMessage: 'Logout failed' },
  'server.logoutFailedToast': { id: 'server.logoutFailedToast', defaultMessage: 'Logout failed. Try again.' },
  'server.somethingWentWrong': { id: 'server.somethingWentWrong', defaultMessage: 'Something went wrong' },
  'server.somethingWentWrongSentence': {
    id: 'server.somethingWentWrongSentence',
    defaultMessage: 'Something went wrong.',
  },
  'server.failedToFetchFilteredData': {
    id: 'server.failedToFetchFilteredData',
    defaultMessage: 'Failed to fetch filtered data',
  },
  'server.loginInvalidResponse': {
    id: 'server.loginInvalidResponse',
    defaultMessage: 'Login failed: Invalid response',
  },
  'server.invalidCredentials': { id: 'server.invalidCredentials', defaultMessage: 'Invalid email or password.' },
  'server.googleLoginFailed': { id: 'server.googleLoginFailed', defaultMessage: 'Google login failed.' },
  'server.googleLinkNeedsPassword': {
    id: 'server.googleLinkNeedsPassword',
    defaultMessage:
      'An account with this email already exists. Log in with your password, then link Google from your profile.',
  },
  'server.googleLinkedElsewhere': {
    id: 'server.googleLinkedElsewhere',
    defaultMessage: 'This Google account is linked to another account.',
  },
  'server.googleOtherAccountLinked': {
    id: 'server.googleOtherAccountLinked',
    defaultMessage: 'Your account is already linked to another Google account.',
  },
  'server.googleLinked': { id: 'server.googleLinked', defaultMessage: 'Google sign-in is linked to your account.' },
  'server.registrationFailed': { id: 'server.registrationFailed', defaultMessage: 'Registration failed. Try again.' },
  'server.downloadFailed': { id: 'server.downloadFailed', defaultMessage: 'Download failed. Please try again.' },
  'server.downloadPreparing': {
    id: 'server.downloadPreparing',
    defaultMessage: 'Your download is being prepared. It starts in a few seconds.',
  },
  'server.tooManyDownloads': {
    id: 'server.tooManyDownloads',
    defaultMessage: 'You have too many downloads in progress. Wait for one to finish and try again.',
  },
  'server.playlistNameEmpty': { id: 'server.playlistNameEmpty', defaultMessage: 'Playlist name cannot be empty' },
  'server.playlistNameEmptySentence': {
    id: 'server.playlistNameEmptySentence',
    defaultMessage: 'Playlist name cannot be empty.',
  },
  'server.failedToCreatePlaylist': { id: 'server.failedToCreatePlaylist', defaultMessage: 'Failed to create playlist' },
  'server.loginToFavorite': {
    id: 'server.loginToFavorite',
    defaultMessage: 'Please log in to add tracks to favorites.',
  },
  'server.paymentOops': { id: 'server.paymentOops', defaultMessage: 'Oops! Something went wrong.' },
  'server.noMusicFound': { id: 'server.noMusicFound', defaultMessage: 'No music found.' },
  'server.fillAllFields': { id: 'server.fillAllFields', defaultMessage: 'Please fill in all fields.' },
  'server.passwordsDoNotMatch': { id: 'server.passwordsDoNotMatch', defaultMessage: 'Passwords do not match!' },
  'server.loggedOut': { id: 'server.loggedOut', defaultMessage: 'Logged out successfully!' },
  'server.loggedIn': { id: 'server.loggedIn', defaultMessage: 'Logged in successfully!' },
  'server.loggedInWithGoogle': { id: 'server.loggedInWithGoogle', defaultMessage: 'Logged in with Google!' },
  'server.accountCreated': { id: 'server.accountCreated', defaultMessage: 'Account created successfully!' },
  'server.trackAddedToFavorites': { id: 'server.trackAddedToFavorites', defaultMessage: 'Track added to favorites.' },
  'server.trackRemovedFromFavorites': {
    id: 'server.trackRemovedFromFavorites',
    defaultMessage: 'Track removed from favorites.',
  },
  'server.trackAddedToPlaylist': {
    id: 'server.trackAddedToPlaylist',
    defaultMessage: 'Track added to playlist successfully!',
  },
  'server.playlistCreated': { id: 'server.playlistCreated', defaultMessage: 'Playlist created successfully!' },
  'server.subscriptionCreated': { id: 'server.subscriptionCreated', defaultMessage: 'Subscription Created.' },
  'server.unsubscribed': { id: 'server.unsubscribed', defaultMessage: 'User unsubcribed Succesfully.' },
  'server.noTrialAccountHadSubscription': {
    id: 'server.noTrialAccountHadSubscription',
    defaultMessage:
      'No free trial this time: the trial is for a first subscription only. Your first payment was charged today.',
  },
  'server.noTrialCardHadTrial': {
    id: 'server.noTrialCardHadTrial',
    defaultMessage: 'No free trial this time: this card has already had one. Your first payment was charged today.',
  },
  'server.noTrialWithoutCard': {
    id: 'server.noTrialWithoutCard',
    defaultMessage: 'No free trial this time: it needs a card. Your first payment was charged today.',
  },
  'server.trialOncePerCard': { id: 'server.trialOncePerCard', defaultMessage: 'One free trial per customer and card.' },
  'server.downloadedFromSubscription': {
    id: 'server.downloadedFromSubscription',
    defaultMessage: 'Music | loop downloaded successfully',
  },
  'server.loopsNeedSubscription': {
    id: 'server.loopsNeedSubscription',
    defaultMessage: 'As a subscribed user, you can download loops for free from the loops section.',
  },
  'server.notFound': { id: 'server.notFound', defaultMessage: 'Not found' },
  'server.unauthenticated': { id: 'server.unauthenticated', defaultMessage: 'Unauthenticated.' },
  'server.forbidden': { id: 'server.forbidden', defaultMessage: 'This action is unauthorized.' },
  'server.validationFailed': { id: 'server.validationFailed', defaultMessage: 'The given data was invalid.' },
  'server.malformedJson': { id: 'server.malformedJson', defaultMessage: 'The request body is not valid JSON.' },
  'server.textNotAllowed': {
    id: 'server.textNotAllowed',
    defaultMessage: 'The text contains characters that are not allowed (NUL or invalid Unicode).',
  },
  'server.invalidPath': { id: 'server.invalidPath', defaultMessage: 'The request path is not valid.' },
  'server.pathTooLong': { id: 'server.pathTooLong', defaultMessage: 'The request path is too long.' },
  'server.tooManyRequests': {
    id: 'server.tooManyRequests',
    defaultMessage: 'Too many attempts. Please try again later.',
  },
  'server.serviceUnavailable': {
    id: 'server.serviceUnavailable',
    defaultMessage: 'The service is temporarily unavailable. Please try again shortly.',
  },
  'server.internalError': {
    id: 'server.internalError',
    defaultMessage: 'Something went wrong on our side. Please try again.',
  },
  'account.server.verificationSent': {
    id: 'account.server.verificationSent',
    defaultMessage: 'We sent a confirmation link to your email. It works for 24 hours.',
  },
  'account.server.emailVerified': {
    id: 'account.server.emailVerified',
    defaultMessage: 'Your email is confirmed. Thank you!',
  },
  'account.server.emailAlreadyVerified': {
    id: 'account.server.emailAlreadyVerified',
    defaultMessage: 'Your email is already confirmed.',
  },
  'account.server.emailNotVerified': {
    id: 'account.server.emailNotVerified',
    defaultMessage:
      'Please confirm your email: we sent you a link. Until then you cannot start a free trial or link Google.',
  },
  'account.server.verifyLinkInvalid': {
    id: 'account.server.verifyLinkInvalid',
    defaultMessage: 'This confirmation link is invalid, used or expired. Ask for a new one from your profile.',
  },
  'account.server.resetRequested': {
    id: 'account.server.resetRequested',
    defaultMessage:
      'If an account exists for that email, we sent it a link to reset the password. It works for 30 minutes.',
  },
  'account.server.resetLinkInvalid': {
    id: 'account.server.resetLinkInvalid',
    defaultMessage: 'This reset link is invalid, used or expired. Ask for a new one.',
  },
  'account.server.passwordReset': {
    id: 'account.server.passwordReset',
    defaultMessage: 'Your password was changed. Log in with the new one.',
  },
  'account.server.tokenRequired': {
    id: 'account.server.tokenRequired',
    defaultMessage: 'The token field is required.',
  },
  'account.server.currentPasswordRequired': {
    id: 'account.server.currentPasswordRequired',
    defaultMessage: 'Enter your current password to change your email or password.',
  },
  'account.server.currentPasswordWrong': {
    id: 'account.server.currentPasswordWrong',
    defaultMessage: 'The current password is incorrect.',
  },
  'account.server.proofRequired': {
    id: 'account.server.proofRequired',
    defaultMessage:
      'Your account has no password. Confirm with Google, or ask for a link to your current email address, to change your email or set a password.',
  },
  'account.server.googleProofWrong': {
    id: 'account.server.googleProofWrong',
    defaultMessage: 'That Google account is not the one linked to this account.',
  },
  'account.server.emailChangeLinkSent': {
    id: 'account.server.emailChangeLinkSent',
    defaultMessage:
      'We sent a link to your current email address. Open it to confirm the change. It works for 24 hours.',
  },
  'account.server.setPasswordLinkSent': {
    id: 'account.server.setPasswordLinkSent',
    defaultMessage:
      'We sent a link to your current email address. Open it to choose your password. It works for 30 minutes.',
  },
  'account.server.emailChangeLinkInvalid': {
    id: 'account.server.emailChangeLinkInvalid',
    defaultMessage: 'This link is invalid, used or expired. Ask for a new one from your profile.',
  },
  'account.server.passwordWrong': { id: 'account.server.passwordWrong', defaultMessage: 'The password is incorrect.' },
  'account.server.nothingToUpdate': { id: 'account.server.nothingToUpdate', defaultMessage: 'Nothing to update.' },
  'account.server.profileUpdated': { id: 'account.server.profileUpdated', defaultMessage: 'Your account was updated.' },
  'account.server.emailChangePending': {
    id: 'account.server.emailChangePending',
    defaultMessage: 'Your email was changed. We sent a confirmation link to the new address.',
  },
  'account.server.passwordChanged': {
    id: 'account.server.passwordChanged',
    defaultMessage: 'Your password was changed. Every other session was logged out.',
  },
  'account.server.otherSessionsRevoked': {
    id: 'account.server.otherSessionsRevoked',
    defaultMessage: 'Logged out on every other device.',
  },
  'account.server.accountDeleted': { id: 'account.server.accountDeleted', defaultMessage: 'Your account was deleted.' },
  'account.server.confirmEmailRequired': {
    id: 'account.server.confirmEmailRequired',
    defaultMessage: 'Type your email address to confirm.',
  },
  'account.server.googleNeedsVerifiedEmail': {
    id: 'account.server.googleNeedsVerifiedEmail',
    defaultMessage: 'Confirm your email before linking Google.',
  },
  'account.server.cancelSubscriptionFirst': {
    id: 'account.server.cancelSubscriptionFirst',
    defaultMessage: 'Cancel your subscription before deleting your account.',
  },
  'account.server.noTrialEmailNotVerified': {
    id: 'account.server.noTrialEmailNotVerified',
    defaultMessage:
      'No free trial this time: confirm your email first to get one. Your first payment was charged today.',
  },
});

/**
 * The messages of the library, licence-check, playlist-checkout and account-validation answers
 * (packages/contracts library.ts, licenses.ts, cart.ts, auth.ts) the account and library pages show.
 * Written out here, not imported: those modules carry zod schemas. server-messages.test.ts checks each
 * text against the contracts'; texts already above (`server.*`) are not repeated.
 */
export const featureServerMessages = defineMessages({
  'commerce.server.trackNotFound': { id: 'commerce.server.trackNotFound', defaultMessage: 'Track not found' },
  'commerce.server.alreadyOwned': { id: 'commerce.server.alreadyOwned', defaultMessage: 'You already own this track.' },
  'commerce.server.paymentNotCompleted': {
    id: 'commerce.server.paymentNotCompleted',
    defaultMessage: 'The payment has not been completed.',
  },
  'commerce.server.paymentDeclined': {
    id: 'commerce.server.paymentDeclined',
    defaultMessage: 'Your card was declined.',
  },
  'commerce.server.insufficientFunds': {
    id: 'commerce.server.insufficientFunds',
    defaultMessage: 'Your card has insufficient funds.',
  },
  'commerce.server.incorrectNumber': {
    id: 'commerce.server.incorrectNumber',
    defaultMessage: 'Your card number is incorrect.',
  },
  'commerce.server.expiredCard': { id: 'commerce.server.expiredCard', defaultMessage: 'Your card has expired.' },
  'commerce.server.incorrectCvc': {
    id: 'commerce.server.incorrectCvc',
    defaultMessage: "Your card's security code is incorrect.",
  },
  'commerce.server.checkoutNotFound': {
    id: 'commerce.server.checkoutNotFound',
    defaultMessage: 'Checkout session not found',
  },
  'commerce.server.checkoutInProgress': {
    id: 'commerce.server.checkoutInProgress',
    defaultMessage: 'A checkout for this track is already in progress. Please try again.',
  },
  'commerce.server.alreadySubscribed': {
    id: 'commerce.server.alreadySubscribed',
    defaultMessage: 'You already have an active subscription.',
  },
  'commerce.server.subscriptionInProgress': {
    id: 'commerce.server.subscriptionInProgress',
    defaultMessage: 'Your subscription is already being set up. Please wait a moment.',
  },
  'commerce.server.subscriptionCheckoutUnavailable': {
    id: 'commerce.server.subscriptionCheckoutUnavailable',
    defaultMessage: 'Card payments for subscriptions are taken on this page.',
  },
  'commerce.server.subscriptionCheckoutIncomplete': {
    id: 'commerce.server.subscriptionCheckoutIncomplete',
    defaultMessage: 'The payment for this subscription has not been completed.',
  },
  'commerce.server.noSubscription': {
    id: 'commerce.server.noSubscription',
    defaultMessage: 'You do not have an active subscription.',
  },
  'commerce.server.subscriptionRequired': {
    id: 'commerce.server.subscriptionRequired',
    defaultMessage: 'An active subscription is required to download this track. Buy it or subscribe.',
  },
  'commerce.server.unknownPrice': {
    id: 'commerce.server.unknownPrice',
    defaultMessage: 'The selected price is invalid.',
  },
  'commerce.server.unknownPaymentMethod': {
    id: 'commerce.server.unknownPaymentMethod',
    defaultMessage: 'The payment method is invalid.',
  },
  'commerce.server.licenseRequired': {
    id: 'commerce.server.licenseRequired',
    defaultMessage: 'You need a license for this track to download it.',
  },
  'commerce.server.linkExpired': {
    id: 'commerce.server.linkExpired',
    defaultMessage: 'This download link has expired or is invalid.',
  },
  'commerce.server.paymentsNotConfigured': {
    id: 'commerce.server.paymentsNotConfigured',
    defaultMessage: 'Payments are not configured.',
  },
  'commerce.server.invalidSignature': {
    id: 'commerce.server.invalidSignature',
    defaultMessage: 'Invalid webhook signature.',
  },
  'commerce.server.amountMismatch': {
    id: 'commerce.server.amountMismatch',
    defaultMessage: 'The paid amount does not match the order.',
  },
  'ingest.server.metadataMissing': {
    id: 'ingest.server.metadataMissing',
    defaultMessage: 'The metadata field is required.',
  },
  'ingest.server.metadataNotJson': {
    id: 'ingest.server.metadataNotJson',
    defaultMessage: 'The metadata field must be a JSON object.',
  },
  'ingest.server.tooShort': {
    id: 'ingest.server.tooShort',
    defaultMessage: 'The audio is too short (at least 1 second).',
  },
  'ingest.server.tooLong': {
    id: 'ingest.server.tooLong',
    defaultMessage: 'The audio is too long (at most 20 minutes).',
  },
  'ingest.server.tooLarge': {
    id: 'ingest.server.tooLarge',
    defaultMessage: 'The audio is too large to process (at most 20 minutes of 96 kHz stereo, or as many samples).',
  },
  'ingest.server.uploadRateLimited': {
    id: 'ingest.server.uploadRateLimited',
    defaultMessage: 'You have uploaded too many files in the last hour. Try again later.',
  },
  'tuning.server.notFound': { id: 'tuning.server.notFound', defaultMessage: 'No tuning file for this item.' },
  'library.server.playlistNameTooLong': {
    id: 'library.server.playlistNameTooLong',
    defaultMessage: 'The playlist name may not be greater than 100 characters.',
  },
  'library.server.playlistNotFound': { id: 'library.server.playlistNotFound', defaultMessage: 'Playlist not found' },
  'library.server.playlistDeleted': { id: 'library.server.playlistDeleted', defaultMessage: 'Playlist deleted.' },
  'library.server.trackAlreadyInPlaylist': {
    id: 'library.server.trackAlreadyInPlaylist',
    defaultMessage: 'The track is already in this playlist.',
  },
  'library.server.musicInvalid': {
    id: 'library.server.musicInvalid',
    defaultMessage: 'The selected music id is invalid.',
  },
  'library.server.loopInvalid': {
    id: 'library.server.loopInvalid',
    defaultMessage: 'The selected loop id is invalid.',
  },
  'library.server.shareCreated': { id: 'library.server.shareCreated', defaultMessage: 'Share link created.' },
  'library.server.shareRevoked': {
    id: 'library.server.shareRevoked',
    defaultMessage: 'Share link revoked: the old link no longer opens the playlist.',
  },
  'library.server.sharedNotFound': {
    id: 'library.server.sharedNotFound',
    defaultMessage: 'This playlist does not exist or is no longer shared.',
  },
  'license.server.notFound': { id: 'license.server.notFound', defaultMessage: 'No licence with this key.' },
  'cart.server.nothingToLicense': {
    id: 'cart.server.nothingToLicense',
    defaultMessage: 'Every music track of this playlist is already licensed or left out: there is nothing to pay for.',
  },
  'cart.server.tooManyItems': {
    id: 'cart.server.tooManyItems',
    defaultMessage: 'A checkout holds at most 100 tracks. Split the playlist and license each part.',
  },
  'cart.server.subscribersDownloadFree': {
    id: 'cart.server.subscribersDownloadFree',
    defaultMessage: 'Your subscription covers these tracks: download them for free from each track instead of paying.',
  },
  'cart.server.cartInProgress': {
    id: 'cart.server.cartInProgress',
    defaultMessage: 'A checkout for these tracks is already in progress. Please try again.',
  },
  'cart.server.trackInCart': {
    id: 'cart.server.trackInCart',
    defaultMessage: 'This track is in an open playlist checkout. Finish or start that checkout again.',
  },
  'auth.server.nameRequired': { id: 'auth.server.nameRequired', defaultMessage: 'The name field is required.' },
  'auth.server.nameTooLong': {
    id: 'auth.server.nameTooLong',
    defaultMessage: 'The name may not be greater than 100 characters.',
  },
  'auth.server.emailRequired': { id: 'auth.server.emailRequired', defaultMessage: 'The email field is required.' },
  'auth.server.emailInvalid': {
    id: 'auth.server.emailInvalid',
    defaultMessage: 'The email must be a valid email address.',
  },
  'auth.server.emailTaken': { id: 'auth.server.emailTaken', defaultMessage: 'The email has already been taken.' },
  'auth.server.passwordRequired': {
    id: 'auth.server.passwordRequired',
    defaultMessage: 'The password field is required.',
  },
  'auth.server.passwordTooShort': {
    id: 'auth.server.passwordTooShort',
    defaultMessage: 'The password must be at least 8 characters.',
  },
  'auth.server.passwordTooLong': {
    id: 'auth.server.passwordTooLong',
    defaultMessage: 'The password may not be greater than 200 characters.',
  },
  'auth.server.passwordBlank': {
    id: 'auth.server.passwordBlank',
    defaultMessage: 'The password may not be only spaces.',
  },
  'auth.server.passwordCommon': {
    id: 'auth.server.passwordCommon',
    defaultMessage: 'This password is too common. Please choose another one.',
  },
  'auth.server.passwordConfirmationRequired': {
    id: 'auth.server.passwordConfirmationRequired',
    defaultMessage: 'The password confirmation field is required.',
  },
  'auth.server.passwordConfirmationMismatch': {
    id: 'auth.server.passwordConfirmationMismatch',
    defaultMessage: 'The password field confirmation does not match.',
  },
  'auth.server.accessTokenRequired': {
    id: 'auth.server.accessTokenRequired',
    defaultMessage: 'The access token field is required.',
  },
  'auth.server.loggedOut': { id: 'auth.server.loggedOut', defaultMessage: 'Logged out.' },
});

/**
 * The plans' texts as the store seeds them (apps/server/src/seed/plans.ts: name, description, features;
 * server-messages.test.ts checks they are that file's). They are data, so an operator who rewrites a plan in
 * the database sees their own text on every page; the seeded ones show in the page's language.
 */
export const planTexts = defineMessages({
  'plans.creator.name': { id: 'plans.creator.name', defaultMessage: 'Creator' },
  'plans.creator.description': {
    id: 'plans.creator.description',
    defaultMessage: 'For creators publishing on one channel.',
  },
  'plans.pro.name': { id: 'plans.pro.name', defaultMessage: 'Pro' },
  'plans.pro.description': { id: 'plans.pro.description', defaultMessage: 'For professionals and small teams.' },
  'plans.enterprise.name': { id: 'plans.enterprise.name', defaultMessage: 'Enterprise' },
  'plans.enterprise.description': {
    id: 'plans.enterprise.description',
    defaultMessage: 'Request a quote: custom licensing for agencies, studios and broadcasters.',
  },
  'plans.feature.oneChannel': { id: 'plans.feature.oneChannel', defaultMessage: '1 channel' },
  'plans.feature.threeChannels': { id: 'plans.feature.threeChannels', defaultMessage: '3 channels' },
  'plans.feature.unlimitedDownloads': {
    id: 'plans.feature.unlimitedDownloads',
    defaultMessage: 'Unlimited downloads of music and loops',
  },
  'plans.feature.onlineLicence': {
    id: 'plans.feature.onlineLicence',
    defaultMessage: 'Royalty-free licence for online use',
  },
  'plans.feature.voiceoverCredits': {
    id: 'plans.feature.voiceoverCredits',
    defaultMessage: '50k voiceover credits per month',
  },
  'plans.feature.voiceReplicas': { id: 'plans.feature.voiceReplicas', defaultMessage: '3 voice replicas' },
  'plans.feature.unlimitedChannels': { id: 'plans.feature.unlimitedChannels', defaultMessage: 'Unlimited channels' },
  'plans.feature.customTerms': { id: 'plans.feature.customTerms', defaultMessage: 'Custom licence terms' },
  'plans.feature.dedicatedSupport': { id: 'plans.feature.dedicatedSupport', defaultMessage: 'Dedicated support' },
});

/**
 * The web client's own failure texts (lib/api-client.ts) and the browsers' texts for a fetch that got no
 * answer (Chromium, Firefox, Safari), which the client passes on as they are.
 */
export const clientErrorMessages = defineMessages({
  'client.networkError': { id: 'client.networkError', defaultMessage: 'Network error' },
  'client.unexpectedAnswer': {
    id: 'client.unexpectedAnswer',
    defaultMessage: 'The server sent an answer this page cannot read.',
  },
  'client.failedToFetch': { id: 'client.failedToFetch', defaultMessage: 'Failed to fetch' },
  'client.firefoxNetworkError': {
    id: 'client.firefoxNetworkError',
    defaultMessage: 'NetworkError when attempting to fetch resource.',
  },
  'client.loadFailed': { id: 'client.loadFailed', defaultMessage: 'Load failed' },
});

/** The descriptors by their English text: how `serverText` finds a message the server sent. */
export const serverMessagesByEnglish = new Map<string, MessageDescriptor>();
for (const [key, text] of Object.entries(Messages)) {
  serverMessagesByEnglish.set(text, serverMessages[`server.${key}` as keyof typeof serverMessages]);
}
for (const [key, text] of Object.entries(AccountMessages)) {
  serverMessagesByEnglish.set(text, serverMessages[`account.server.${key}` as keyof typeof serverMessages]);
}

/**
 * A descriptor's English text: the string in dev and tests; in the build its ICU AST (decision 045),
 * which for a message without arguments is literal elements (type 0) to join.
 */
export function englishOf(descriptor: MessageDescriptor): string | null {
  const message = descriptor.defaultMessage;
  if (typeof message === 'string') return message;
  if (!message || !message.every((element) => element.type === 0)) return null;
  return message.map((element) => ('value' in element ? String(element.value) : '')).join('');
}

for (const descriptor of [
  ...Object.values(featureServerMessages),
  ...Object.values(clientErrorMessages),
  ...Object.values(planTexts),
]) {
  const english = englishOf(descriptor);
  if (english !== null && !serverMessagesByEnglish.has(english)) serverMessagesByEnglish.set(english, descriptor);
}
