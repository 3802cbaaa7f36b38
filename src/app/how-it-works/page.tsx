import { TextPage } from '@/components/texts/text-page';
import { loadText, textMetadata } from '@/web/text-page';

export const generateMetadata = () => textMetadata('how-it-works');

export default async function Page() {
  return <TextPage text={await loadText('how-it-works')} />;
}
