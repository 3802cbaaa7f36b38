import { TextPage, textMetadata } from '@/components/texts/text-page';

export const generateMetadata = () => textMetadata('how-it-works');

export default function Page() {
  return <TextPage slug="how-it-works" />;
}
