import type { MessageDescriptor } from 'react-intl';
import type { ToastContent, ToastOptions } from 'react-toastify';
import { activeIntl } from './i18n/active-locale';
import { errorText } from './i18n/error-text';

type Toastify = typeof import('react-toastify');

let toastify: Promise<Toastify> | undefined;

/**
 * react-toastify, loaded when the first toast is shown or the container mounts after the first
 * render (decision 050): no page waits for it. Toasts shown before its container is on the page
 * wait in react-toastify's own queue.
 */
export const loadToastify = (): Promise<Toastify> => (toastify ??= import('react-toastify'));

/**
 * What a toast shows: a text (or node) as it is, a message of the web app (`defineMessages`) in the
 * page's language, or a failure by its code (`errorText`, decision 062).
 */
export type ToastText = ToastContent | MessageDescriptor | Error;

const isDescriptor = (content: ToastText): content is MessageDescriptor =>
  typeof content === 'object' && content !== null && !(content instanceof Error) && 'id' in content;

const localized = (content: ToastText): ToastContent => {
  if (content instanceof Error) return errorText(activeIntl(), content);
  if (isDescriptor(content)) return activeIntl().formatMessage(content);
  return content;
};

type Kind = 'success' | 'info' | 'error' | 'warning';

const show =
  (kind: Kind) =>
  (content: ToastText, options?: ToastOptions): void => {
    const text = localized(content);
    void loadToastify().then(({ toast }) => toast[kind](text, options));
  };

export const toast = {
  success: show('success'),
  info: show('info'),
  error: show('error'),
  warning: show('warning'),
};
