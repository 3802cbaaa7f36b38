import { TextPage, textMetadata } from '@/components/texts/text-page';

export const generateMetadata = () => textMetadata('privacy');

export default function Page() {
  return <TextPage slug="privacy" />;
}
