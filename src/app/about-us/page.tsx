import { TextPage, textMetadata } from '@/components/texts/text-page';

export const generateMetadata = () => textMetadata('about-us');

export default function Page() {
  return <TextPage slug="about-us" />;
}
