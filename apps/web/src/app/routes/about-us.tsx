import { useLoaderData } from 'react-router';
import { AboutPage } from '@/features/legal/components/about-page';
import { contentLoader } from '@/features/legal/lib/documents';

/** "About us" in the page's language (src/content, issue 19). */
export const loader = contentLoader('about-us');

export default function AboutUsRoute() {
  const [about] = useLoaderData<typeof loader>();
  return <AboutPage source={about.document} lang={about.lang} />;
}
