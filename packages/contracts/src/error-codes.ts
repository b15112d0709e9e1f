/**
 * Every error the server answers, by code (issue 33, decision 062): the one list of codes and, for
 * each, its English message. Error bodies are `{ code, message, params?, errors?, field_codes? }`
 * (`ErrorBody` in errors.ts); a client translates by `code` (and `params`), never by the English text.
 *
 * The texts live here and nowhere else: `Messages.*`, `CommerceMessages.*`, `AccountMessages.*` …
 * refer to these entries, so a code and its text cannot drift. Without zod: the web app's main
 * bundle reads it through messages.ts.
 *
 * A message with values in it is a function of its `params` (whole numbers or short strings), and
 * the answer carries the same `params`, so a client can write its own text.
 *
 * Adding a code: add an entry below (snake_case, never renamed or reused once shipped), throw it with
 * `new AppError(status, 'the_code')` on the server, and give it a translation in the web app.
 */
export const ServerErrors = {
  // ---- any route ---------------------------------------------------------------------------------
  /** 404: no such route or record (the generic text; records with their own text have their own code). */
  not_found: 'Not found',
  /** 401: the route needs a session and none (or an expired one) came. */
  unauthenticated: 'Unauthenticated.',
  /** 403: the session's role may not do this. */
  forbidden: 'This action is unauthorized.',
  /**
   * 422: a body field did not validate. `errors` maps each field to its messages; the `message` is
   * the first of them (this text when there are none). `field_codes` gives a field's code where known.
   */
  validation_failed: 'The given data was invalid.',
  /** 400: a query or path parameter did not validate; `errors` maps each parameter to its messages. */
  invalid_request: (p: { fields: string }) => `Invalid request: ${p.fields}`,
  /** 400: the body is not JSON (or is empty with a JSON content type). */
  malformed_json: 'The request body is not valid JSON.',
  /** 400/422: a text with NUL or invalid Unicode. */
  text_not_allowed: 'The text contains characters that are not allowed (NUL or invalid Unicode).',
  /** 400: the path is not valid percent-encoding. */
  invalid_path: 'The request path is not valid.',
  /** 414: the path or the request target is over the limits. */
  path_too_long: 'The request path is too long.',
  /** 400: any other request the HTTP layer refuses (a bad Content-Length, a bad header…). */
  bad_request: 'The request is not valid.',
  /** 431: the request's headers are over Node's limit (16 KB). */
  headers_too_large: 'The request headers are too large.',
  /** 405: the method is not allowed here. */
  method_not_allowed: 'The method is not allowed for this path.',
  /** 406: nothing this route answers is acceptable to the client. */
  not_acceptable: 'The requested answer format is not available.',
  /** 413: the body is over the size limit. */
  payload_too_large: 'The request body is too large.',
  /** 415: the body's content type is not one this route reads. */
  unsupported_media_type: 'The content type of the request body is not supported.',
  /** 412: a media request's precondition (If-Match, If-Unmodified-Since) failed. */
  precondition_failed: 'Precondition Failed',
  /** 416: the requested byte range is outside the file. */
  range_not_satisfiable: 'Range Not Satisfiable',
  /** 403: a cross-site write from a browser (CSRF). */
  cross_site_refused: 'Cross-site request refused.',
  /** 429: a rate limit; `Retry-After` says when to come back. */
  too_many_requests: 'Too many attempts. Please try again later.',
  /** 503: the database (or the shared rate-limit store) is unreachable; `Retry-After` is set. */
  service_unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  /** 500: anything unexpected (logged with the request id; no detail in the answer). */
  internal_error: 'Something went wrong on our side. Please try again.',

  // ---- sessions and accounts ---------------------------------------------------------------------
  invalid_credentials: 'Invalid email or password.',
  google_login_failed: 'Google login failed.',
  google_link_needs_password:
    'An account with this email already exists. Log in with your password, then link Google from your profile.',
  google_linked_elsewhere: 'This Google account is linked to another account.',
  google_other_account_linked: 'Your account is already linked to another Google account.',
  google_needs_verified_email: 'Confirm your email before linking Google.',
  google_proof_wrong: 'That Google account is not the one linked to this account.',
  account_disabled: 'This account has been disabled. If you think this is a mistake, write to support@tarab.local.',
  email_required: 'The email field is required.',
  email_taken: 'The email has already been taken.',
  password_required: 'The password field is required.',
  password_common: 'This password is too common. Please choose another one.',
  password_wrong: 'The password is incorrect.',
  current_password_required: 'Enter your current password to change your email or password.',
  current_password_wrong: 'The current password is incorrect.',
  proof_required:
    'Your account has no password. Confirm with Google, or ask for a link to your current email address, to change your email or set a password.',
  verify_link_invalid: 'This confirmation link is invalid, used or expired. Ask for a new one from your profile.',
  reset_link_invalid: 'This reset link is invalid, used or expired. Ask for a new one.',
  email_change_link_invalid: 'This link is invalid, used or expired. Ask for a new one from your profile.',
  confirm_email_required: 'Type your email address to confirm.',
  cancel_subscription_first: 'Cancel your subscription before deleting your account.',

  // ---- catalog -----------------------------------------------------------------------------------
  track_not_found: 'Track not found',
  artist_not_found: 'Artist not found',
  album_not_found: 'Album not found',
  category_not_found: 'Category not found',
  tuning_not_found: 'No tuning file for this item.',
  licence_not_found: 'No licence with this key.',
  receipt_not_found: 'Receipt not found',
  /** 400: unknown facet ids or values in a catalog filter; `errors` names each. */
  invalid_filter: (p: { fields: string }) => `Invalid filter: ${p.fields}`,

  // ---- library -----------------------------------------------------------------------------------
  playlist_not_found: 'Playlist not found',
  shared_playlist_not_found: 'This playlist does not exist or is no longer shared.',
  music_id_invalid: 'The selected music id is invalid.',
  loop_id_invalid: 'The selected loop id is invalid.',

  // ---- downloads ---------------------------------------------------------------------------------
  subscription_required: 'An active subscription is required to download this track. Buy it or subscribe.',
  loops_need_subscription: 'As a subscribed user, you can download loops for free from the loops section.',
  license_required: 'You need a license for this track to download it.',
  link_expired: 'This download link has expired or is invalid.',
  /** 503: the file store did not answer. */
  download_failed: 'Download failed. Please try again.',
  /** 429: the zip is being made; `Retry-After` says when to ask again. */
  download_preparing: 'Your download is being prepared. It starts in a few seconds.',
  too_many_downloads: 'You have too many downloads in progress. Wait for one to finish and try again.',

  // ---- payments ----------------------------------------------------------------------------------
  already_owned: 'You already own this track.',
  checkout_not_found: 'Checkout session not found',
  checkout_in_progress: 'A checkout for this track is already in progress. Please try again.',
  payment_not_completed: 'The payment has not been completed.',
  amount_mismatch: 'The paid amount does not match the order.',
  /** 402 card errors (the test cards and Stripe's codes of the same names). */
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  incorrect_number: 'Your card number is incorrect.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  /** 402: any other refusal of the payment provider; the message is the provider's own text. */
  payment_failed: (p: { detail: string }) => p.detail,
  invalid_payment_method: 'The payment method is invalid.',
  unknown_price: 'The selected price is invalid.',
  already_subscribed: 'You already have an active subscription.',
  subscription_in_progress: 'Your subscription is already being set up. Please wait a moment.',
  subscription_checkout_unavailable: 'Card payments for subscriptions are taken on this page.',
  subscription_checkout_incomplete: 'The payment for this subscription has not been completed.',
  no_subscription: 'You do not have an active subscription.',
  payments_not_configured: 'Payments are not configured.',
  invalid_signature: 'Invalid webhook signature.',
  /** Playlist checkouts (cart). */
  nothing_to_license:
    'Every music track of this playlist is already licensed or left out: there is nothing to pay for.',
  too_many_cart_items: (p: { max: number }) =>
    `A checkout holds at most ${p.max} tracks. Split the playlist and license each part.`,
  subscribers_download_free:
    'Your subscription covers these tracks: download them for free from each track instead of paying.',
  cart_in_progress: 'A checkout for these tracks is already in progress. Please try again.',
  track_in_cart: 'This track is in an open playlist checkout. Finish or start that checkout again.',

  // ---- artists' uploads --------------------------------------------------------------------------
  artist_profile_missing: 'Your account is not linked to an artist profile.',
  upload_not_multipart: 'Send the upload as multipart/form-data with a file and a metadata field.',
  file_missing: 'Choose an audio file to upload.',
  metadata_missing: 'The metadata field is required.',
  metadata_not_json: 'The metadata field must be a JSON object.',
  not_audio: 'The file is not a supported audio file (WAV, MP3, FLAC, AIFF or OGG).',
  format_needs_ffmpeg: (p: { format: string }) =>
    `${p.format.toUpperCase()} files cannot be processed on this server; upload WAV or MP3.`,
  /** 413: `max_mb`, the limit in MB (one decimal). */
  file_too_large: (p: { max_mb: number }) => `The file is too large (the limit is ${p.max_mb} MB).`,
  upload_rate_limited: 'You have uploaded too many files in the last hour. Try again later.',
  /** 413: `quota`, the artist's quota as written ("2 GB"). */
  upload_quota_exceeded: (p: { quota: string }) => `This upload would exceed your storage quota of ${p.quota}.`,
  upload_not_found: 'Upload not found',
  /** A field's code (in `field_codes`): `field` names the option ("genre", "region", "album"). */
  unknown_option: (p: { field: string }) => `The selected ${p.field} is invalid.`,
  scale_only_for_loops: 'Only loops have a scale.',
  /** 422 on `meter`: the meter sent is not the iqa's. */
  meter_of_iqa: (p: { iqa: string; meter: string }) => `The meter of ${p.iqa} is ${p.meter}.`,
  taken_down_cannot_publish:
    'This track was taken down by Tarab and cannot be published. The reason is in your tracks list.',

  // ---- an upload's processing (the upload status's `error_code` and `error_params`, not an answer) --
  // The background job stores the code and params of a failed upload beside its English `error`;
  // the limits in the texts are IngestLimits' (ingest.ts; error-codes.test.ts checks them).
  /** `detail`: what the decoder found wrong (English, as the decoder said it). */
  audio_damaged: (p: { detail: string }) => `The audio file is damaged: ${p.detail}`,
  audio_too_short: 'The audio is too short (at least 1 second).',
  audio_too_long: 'The audio is too long (at most 20 minutes).',
  audio_too_large: 'The audio is too large to process (at most 20 minutes of 96 kHz stereo, or as many samples).',
  /** `hz`: the file's sample rate. */
  sample_rate_unsupported: (p: { hz: number }) => `The sample rate ${p.hz} Hz is not supported (8000–192000 Hz).`,
  /** `channels`: the file's channel count. */
  too_many_channels: (p: { channels: number }) => `Audio with ${p.channels} channels is not supported (at most 8).`,
  audio_silent: 'The audio is silent.',
  /** Anything else (a crash, a worker that died MAX_ATTEMPTS times); also an old failed upload without code. */
  processing_failed: 'The file could not be processed. Try again or upload another file.',

  // ---- operators' console ------------------------------------------------------------------------
  user_not_found: 'User not found',
  order_not_found: 'Order not found',
  not_yourself: 'You cannot disable your own account or change your own role.',
  artist_linked_elsewhere: 'This artist profile is linked to another account.',
  order_not_refundable: 'Only a paid order can be refunded.',
  /** 502: the payment provider refused the refund. */
  refund_failed: 'The payment provider did not refund the payment. Nothing was changed; try again.',
  not_taken_down: 'This track is not taken down.',
  not_in_review: 'This track is not waiting for review.',

  // ---- the schemas' field messages (a 422's `errors`, a 400's for query and path parameters) ------
  // A schema's message is one of these entries (`ServerErrors.title_required`, or built by a helper to
  // the same text); the server names a zod issue's code by its message (`codeOfMessage`).
  // error-codes.test.ts walks every route's schemas: each message they can give has an entry here.
  password_confirmation_mismatch: 'The password field confirmation does not match.',
  name_required: 'The name field is required.',
  quote_name_too_long: 'The name may not be greater than 100 characters.',
  email_invalid: 'The email must be a valid email address.',
  password_too_short: 'The password must be at least 8 characters.',
  password_too_long: 'The password may not be greater than 200 characters.',
  password_only_spaces: 'The password may not be only spaces.',
  password_confirmation_required: 'The password confirmation field is required.',
  access_token_required: 'The access token field is required.',
  token_required: 'The token field is required.',
  keyword_too_long: 'at most 200 characters',
  too_many_values: 'at most 50 values',
  ids_not_positive: 'must be a list of positive ids',
  value_too_long: 'at most 40 characters per value',
  q_too_long: 'at most 100 characters',
  id_too_large: 'the id must be at most 2147483647',
  tuning_file_name_invalid: 'must be {id}.scl or {id}.kbm',
  playlist_name_empty_field: 'Playlist name cannot be empty',
  playlist_name_too_long: 'The playlist name may not be greater than 100 characters.',
  playlist_id_required: 'The playlist id field is required.',
  playlist_id_not_integer: 'The playlist id must be an integer.',
  playlist_id_not_positive: 'The playlist id must be a positive id.',
  music_id_required: 'The music id field is required.',
  music_id_not_integer: 'The music id must be an integer.',
  music_id_not_positive: 'The music id must be a positive id.',
  loop_id_required: 'The loop id field is required.',
  loop_id_not_integer: 'The loop id must be an integer.',
  loop_id_not_positive: 'The loop id must be a positive id.',
  share_email_not_boolean: 'The share email field must be true or false.',
  price_id_required: 'The price id field is required.',
  payment_method_required: 'The payment method field is required.',
  session_id_required: 'The session id field is required.',
  cvc_invalid: 'The CVC must be 3 or 4 digits.',
  format_invalid: 'The format must be mp3 or wav.',
  title_required: 'The title field is required.',
  title_too_long: 'The title may not be greater than 120 characters.',
  arabic_title_not_text: 'The Arabic title must be a string.',
  arabic_title_too_long: 'The Arabic title may not be greater than 120 characters.',
  genres_not_ids: 'The genres field must be a list of ids.',
  genres_too_many: 'Choose at most 10 genres.',
  moods_not_ids: 'The moods field must be a list of ids.',
  moods_too_many: 'Choose at most 10 moods.',
  themes_not_ids: 'The themes field must be a list of ids.',
  themes_too_many: 'Choose at most 10 themes.',
  instruments_not_ids: 'The instruments field must be a list of ids.',
  instruments_too_many: 'Choose at most 10 instruments.',
  maqam_invalid: 'The selected maqam is invalid.',
  tonic_invalid: 'The selected tonic is invalid.',
  iqa_invalid: "The selected iqa' is invalid.",
  meter_invalid: 'The selected meter is invalid.',
  bpm_not_integer: 'The bpm must be a whole number.',
  bpm_too_small: 'The bpm must be at least 40.',
  bpm_too_large: 'The bpm may not be greater than 240.',
  price_required: 'The price field is required.',
  price_not_number: 'The price must be a number.',
  price_too_small: 'The price must be at least 0.',
  price_too_large: 'The price may not be greater than 999.99.',
  price_too_precise: 'The price must have at most 2 decimals.',
  artist_name_too_long: 'The name may not be greater than 80 characters.',
  bio_not_text: 'The bio must be a string.',
  bio_too_long: 'The bio may not be greater than 1000 characters.',
  arabic_name_not_text: 'The Arabic name must be a string.',
  arabic_name_too_long: 'The Arabic name may not be greater than 80 characters.',
  arabic_bio_not_text: 'The Arabic bio must be a string.',
  arabic_bio_too_long: 'The Arabic bio may not be greater than 1000 characters.',
  company_required: 'The company field is required.',
  company_too_long: 'The company may not be greater than 150 characters.',
  needs_required: 'Tell us what you need.',
  needs_too_short: 'Tell us a little more (at least 10 characters).',
  description_too_long: 'The description may not be greater than 5000 characters.',
  range_reversed: 'The end of the range is before its start.',
  date_invalid: 'A date is written YYYY-MM-DD.',
  takedown_reason_required: 'Say why (the artist reads this).',
  note_too_long: 'The note may not be greater than 1000 characters.',
  reject_reason_required: 'Say why the track is rejected (the artist reads this).',
  month_invalid: 'The month must look like 2026-01.',
} as const;

export type ServerErrorTable = typeof ServerErrors;
/** Every code an error answer may carry. */
export type ErrorCode = keyof ServerErrorTable;
/** The codes, in the table's order (for `z.enum` and for the web app's translations). */
export const ERROR_CODES = Object.keys(ServerErrors) as [ErrorCode, ...ErrorCode[]];

/** The `params` a code's message is written from (`undefined` for a code without values). */
export type ErrorParams<C extends ErrorCode> = ServerErrorTable[C] extends (params: infer P) => string ? P : undefined;
/** The codes whose message has values in it. */
export type ParamErrorCode = { [C in ErrorCode]: ErrorParams<C> extends undefined ? never : C }[ErrorCode];
/** The codes with a fixed message. */
export type PlainErrorCode = Exclude<ErrorCode, ParamErrorCode>;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(ServerErrors, value);

/** The English message of a code (with its params). */
export function errorMessage<C extends ErrorCode>(
  code: C,
  ...params: ErrorParams<C> extends undefined ? [] : [ErrorParams<C>]
): string {
  const entry = ServerErrors[code] as string | ((p: unknown) => string);
  return typeof entry === 'function' ? entry(params[0]) : entry;
}

/** Each fixed message's code (the first code of a text given twice). */
const codeByMessage = new Map<string, PlainErrorCode>();
for (const [code, entry] of Object.entries(ServerErrors)) {
  if (typeof entry === 'string' && !codeByMessage.has(entry)) codeByMessage.set(entry, code as PlainErrorCode);
}

/**
 * The code of a fixed message of this table: how the server names the code of a schema's issue, which
 * carries only its message (the schemas' messages are this table's entries). Undefined for any other text.
 */
export const codeOfMessage = (message: string): PlainErrorCode | undefined => codeByMessage.get(message);
