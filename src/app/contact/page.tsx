import { TextPage, textMetadata } from '@/components/texts/text-page';

export const generateMetadata = () => textMetadata('contact');

export default function Page() {
  return <TextPage slug="contact" />;
}
