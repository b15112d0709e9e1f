import { toast as toastify, type ToastContent, type ToastOptions } from 'react-toastify';
import { serverText } from './i18n/server-messages';

/**
 * react-toastify's `toast`, with a message text shown in the page's language: the server's known
 * messages (packages/contracts) in Arabic on Arabic pages (decision 045). Everything else of
 * react-toastify (dismiss, update, ids) as it is.
 */
const localized = (content: ToastContent): ToastContent =>
  typeof content === 'string' ? serverText(content) : content;

type Show = (content: ToastContent, options?: ToastOptions) => ReturnType<typeof toastify>;

const wrap =
  (show: Show): Show =>
  (content, options) =>
    show(localized(content), options);

export const toast = Object.assign(wrap(toastify), toastify, {
  success: wrap(toastify.success),
  info: wrap(toastify.info),
  error: wrap(toastify.error),
  warning: wrap(toastify.warning),
  warn: wrap(toastify.warn),
});
