import { useLoaderData } from 'react-router';
import { LegalDocument } from '@/features/legal/components/legal-document';
import { contentLoader } from '@/features/legal/lib/documents';

/** The tuning files' help in the page's language (src/content, issue 19). */
export const loader = contentLoader('tuning-files');

/** /tuning: how to load the tuning files (.scl, .kbm) in common synths (issue 18). */
export default function TuningHelpRoute() {
  const [tuning] = useLoaderData<typeof loader>();
  return <LegalDocument source={tuning.document} lang={tuning.lang} />;
}
