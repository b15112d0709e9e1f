import { useIntl } from 'react-intl';
import { useNavigation } from 'react-router';

/** A thin bar at the top while the next page's code is loading. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const intl = useIntl();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={intl.formatMessage({ id: 'layout.loadingPage', defaultMessage: 'Loading page' })}
      className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-accent/20"
    >
      <div className="h-full w-2/5 animate-progress bg-accent" />
    </div>
  );
}
