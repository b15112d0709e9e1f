import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

/**
 * The plans' texts as the store seeds them (apps/server/src/seed/plans.ts: name, description, features;
 * plan-texts.test.ts checks they are that file's). They are data, not messages: an operator who rewrites a
 * plan in the database sees their own text on every page; the seeded ones show in the page's language.
 */
const planTexts = defineMessages({
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

/** A descriptor's English: the string in dev and tests, its literal AST in the build (precompiled, decision 063). */
function englishOf(descriptor: MessageDescriptor): string {
  const message = descriptor.defaultMessage;
  if (typeof message === 'string') return message;
  return (message ?? []).map((element) => ('value' in element ? String(element.value) : '')).join('');
}

const bySeededText = new Map(Object.values(planTexts).map((descriptor) => [englishOf(descriptor), descriptor]));

/** A plan's name, description or feature in the page's language when it is the seeded text, else as stored. */
export function planText(intl: IntlShape, text: string): string {
  if (intl.locale === 'en') return text;
  const descriptor = bySeededText.get(text);
  return descriptor ? intl.formatMessage(descriptor) : text;
}
