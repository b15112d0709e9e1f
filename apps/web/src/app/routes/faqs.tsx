import faqs from '@/content/faqs.md';
import terms from '@/content/terms-of-use.md';
import { LegalDocument } from '@/features/legal/components/legal-document';

/** Spec §2: /faqs shows the same terms as /terms-of-use, under its own page title. */
export default function FaqsRoute() {
  return <LegalDocument source={terms} pageSource={faqs} />;
}
