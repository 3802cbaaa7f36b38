import { TextPage } from '@/components/texts/text-page';
import { loadText, textMetadata } from '@/web/text-page';

export const generateMetadata = () => textMetadata('about-us');

export default async function Page() {
  return <TextPage text={await loadText('about-us')} />;
}
