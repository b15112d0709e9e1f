import { useLoaderData } from 'react-router';
import { LegalDocument } from '@/features/legal/components/legal-document';
import { contentLoader } from '@/features/legal/lib/documents';

/** The terms in the page's language (src/content, issue 19). */
export const loader = contentLoader('terms-of-use');

export default function TermsOfUseRoute() {
  const [terms] = useLoaderData<typeof loader>();
  return <LegalDocument source={terms.document} lang={terms.lang} />;
}
