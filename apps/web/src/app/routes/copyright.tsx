import policy from '@/content/copyright.md';
import { LegalDocument } from '@/features/legal/components/legal-document';

export default function CopyrightRoute() {
  return <LegalDocument source={policy} />;
}
