import type { ToastContent, ToastOptions } from 'react-toastify';
import { serverText } from './i18n/server-messages';

type Toastify = typeof import('react-toastify');

let toastify: Promise<Toastify> | undefined;

/**
 * react-toastify, loaded when the first toast is shown or the container mounts after the first
 * render (decision 050): no page waits for it. Toasts shown before its container is on the page
 * wait in react-toastify's own queue.
 */
export const loadToastify = (): Promise<Toastify> => (toastify ??= import('react-toastify'));

/**
 * The page's toasts: react-toastify's `toast.success/info/error/warning`, with a message text shown in
 * the page's language: the server's known messages (packages/contracts) in Arabic on Arabic pages
 * (decision 045).
 */
const localized = (content: ToastContent): ToastContent =>
  typeof content === 'string' ? serverText(content) : content;

type Kind = 'success' | 'info' | 'error' | 'warning';

const show =
  (kind: Kind) =>
  (content: ToastContent, options?: ToastOptions): void => {
    const text = localized(content);
    void loadToastify().then(({ toast }) => toast[kind](text, options));
  };

export const toast = {
  success: show('success'),
  info: show('info'),
  error: show('error'),
  warning: show('warning'),
};
