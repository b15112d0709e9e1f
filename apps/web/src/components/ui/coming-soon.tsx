import type { ReactNode } from 'react';
import { paths } from '@/config/paths';
import { Container } from './container';
import { EmptyState } from './empty-state';
import { MusicNoteIcon } from './icons';
import { LinkButton } from './link-button';

type ComingSoonProps = { children?: ReactNode; action?: ReactNode };

/** Placeholder body for a screen that a later issue fills in. */
export function ComingSoon({ children, action }: ComingSoonProps) {
  return (
    <Container className="py-12 sm:py-16">
      <EmptyState
        icon={<MusicNoteIcon className="size-6" />}
        title="Coming soon"
        description={children ?? 'We are tuning this page. It will be here shortly.'}
        action={
          action ?? (
            <LinkButton to={paths.music.getHref()} variant="secondary">
              Explore music
            </LinkButton>
          )
        }
      />
    </Container>
  );
}
