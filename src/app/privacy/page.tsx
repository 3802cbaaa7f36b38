import { TextPage } from '@/components/texts/text-page';
import { loadText, textMetadata } from '@/web/text-page';

export const generateMetadata = () => textMetadata('privacy');

export default async function Page() {
  return <TextPage text={await loadText('privacy')} />;
}
