import policy from '@/content/copyright.md?raw';
import { LegalDocument } from '@/features/legal/components/legal-document';

export default function CopyrightRoute() {
  return <LegalDocument source={policy} />;
}
