import { useLoaderData } from 'react-router';
import { LegalDocument } from '@/features/legal/components/legal-document';
import { contentLoader } from '@/features/legal/lib/documents';

/** The distance sales agreement in the page's language (src/content, issue 19). */
export const loader = contentLoader('sales-agreement');

export default function SalesAgreementRoute() {
  const [agreement] = useLoaderData<typeof loader>();
  return <LegalDocument source={agreement.document} lang={agreement.lang} />;
}
