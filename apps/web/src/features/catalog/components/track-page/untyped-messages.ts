import type { MessageDescriptor } from 'react-intl';

/**
 * `defineMessages` types its descriptors as taking no values; the track page's messages take some
 * (`{title}`, `{count}`). This widens them to plain descriptors, whose values `formatMessage` accepts.
 */
export const untypedMessages = <K extends string>(
  messages: Record<K, MessageDescriptor>,
): Record<K, MessageDescriptor> => messages;
