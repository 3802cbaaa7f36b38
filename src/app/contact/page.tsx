import { TextPage } from '@/components/texts/text-page';
import { loadText, textMetadata } from '@/web/text-page';

export const generateMetadata = () => textMetadata('contact');

export default async function Page() {
  return <TextPage text={await loadText('contact')} />;
}
