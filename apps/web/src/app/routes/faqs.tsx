import { useLoaderData } from 'react-router';
import { LegalDocument } from '@/features/legal/components/legal-document';
import { contentLoader } from '@/features/legal/lib/documents';

/** The terms and the FAQs page's own labels, in the page's language (src/content, issue 19). */
export const loader = contentLoader('terms-of-use', 'faqs');

/** Spec §2: /faqs shows the same terms as /terms-of-use, under its own page title. */
export default function FaqsRoute() {
  const [terms, faqs] = useLoaderData<typeof loader>();
  return <LegalDocument source={terms.document} pageSource={faqs.document} lang={terms.lang} />;
}
