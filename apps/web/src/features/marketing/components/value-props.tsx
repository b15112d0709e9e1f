import { defineMessage, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import type { ReactNode } from 'react';
import { Container } from '@/components/ui/container';
import { DownloadIcon, MicIcon, ShieldCheckIcon } from '@/components/ui/icons';

type Prop = { title: MessageDescriptor; text: MessageDescriptor; icon: ReactNode };

const props: Prop[] = [
  {
    title: defineMessage({ id: 'home.value.cleared.title', defaultMessage: 'Cleared for every project' }),
    text: defineMessage({
      id: 'home.value.cleared.text',
      defaultMessage:
        'Every download comes with its own licence key — use it in films, ads, games, podcasts and streams.',
    }),
    icon: <ShieldCheckIcon className="size-6" />,
  },
  {
    title: defineMessage({ id: 'home.value.artists.title', defaultMessage: 'Made by artists of the region' }),
    text: defineMessage({
      id: 'home.value.artists.text',
      defaultMessage: 'Original compositions by performers of the oud, qanun, ney, buzuq and Arabic percussion.',
    }),
    icon: <MicIcon className="size-6" />,
  },
  {
    title: defineMessage({ id: 'home.value.download.title', defaultMessage: 'Download in seconds' }),
    text: defineMessage({
      id: 'home.value.download.text',
      defaultMessage: 'Buy a single track, or subscribe and download any track or loop for free.',
    }),
    icon: <DownloadIcon className="size-6" />,
  },
];

/** Why Tarab: three short promises. */
export function ValueProps() {
  const intl = useIntl();
  return (
    <section aria-labelledby="value-title" className="border-y border-line bg-ink-900/60 py-16">
      <Container>
        <h2 id="value-title" className="sr-only">
          <FormattedMessage id="home.value.title" defaultMessage="Why Tarab" />
        </h2>
        <ul className="grid gap-10 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8">
          {props.map((prop) => (
            <li key={prop.title.id} className="flex gap-4">
              <span
                aria-hidden="true"
                className="grid size-12 shrink-0 place-items-center rounded-full bg-accent/10 text-accent ring-1 ring-accent/30"
              >
                {prop.icon}
              </span>
              <div>
                <h3 className="font-sans text-base font-semibold text-fg">{intl.formatMessage(prop.title)}</h3>
                <p className="mt-1.5 text-sm leading-6 text-fg-muted">{intl.formatMessage(prop.text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
